import { HELPLINE, RANGE_MAKER, SHOP_NAME } from '@shop/shared/shop';
import type { ProductKind } from '../svg';

export interface SeedAuthor {
  name: string;
  urlKey: string;
  jobTitle: string;
  /** Colour of the generated portrait, or null for no picture (the storefront shows a placeholder). */
  avatarColour: string | null;
  shortDescription: string;
}

export const seedAuthors: SeedAuthor[] = [
  {
    name: 'Dan Whitaker',
    urlKey: 'dan-whitaker',
    jobTitle: 'Technical Manager',
    avatarColour: '#1f5f99',
    shortDescription:
      'Dan is our technical manager and a Certified Surveyor in Structural Waterproofing (CSSW). He has designed waterproofing for more than 1,500 basements and sits on a BS 8102 working group.',
  },
  {
    name: 'Priya Raman',
    urlKey: 'priya-raman',
    jobTitle: 'Senior Surveyor',
    avatarColour: '#2f7d6d',
    shortDescription:
      'Priya is a chartered building surveyor specialising in damp and timber (CSRT). She diagnoses damp for homeowners and housing associations across Yorkshire and the North West.',
  },
  {
    name: 'Tom Ellery',
    urlKey: 'tom-ellery',
    jobTitle: 'Installer and Trainer',
    avatarColour: null,
    shortDescription:
      'Tom fitted membranes and sump pumps for twelve years before joining us to run our installer training days. He presents our installation videos.',
  },
];

export interface SeedPost {
  urlKey: string;
  name: string;
  author: string;
  /** A YouTube video id (the post is a video), or a banner motif for a generated image. */
  video?: string;
  motif?: ProductKind;
  colour: string;
  publishDate: string;
  shortContent: string;
  metaDescription: string;
  content: string;
  relatedSkus: string[];
}

/** Advice articles (newest last here; answered newest first). Video ids are the shop's channel's. */
export const seedPosts: SeedPost[] = [
  {
    urlKey: 'how-a-cavity-drain-membrane-works',
    name: 'How a Cavity Drain Membrane Works',
    author: 'dan-whitaker',
    motif: 'roll',
    colour: '#1f5f99',
    publishDate: '2024-03-12T09:00:00Z',
    shortContent: 'Why letting water in is the most reliable way to keep a basement dry, and what every part of a Type C system does.',
    metaDescription: 'How cavity drain membranes (Type C waterproofing) keep basements dry: membrane, drainage channel, sump and maintenance explained.',
    content:
      '<p>It sounds backwards, but the most dependable way to keep water out of a basement is to let it in. A cavity drain membrane does not try to stop water at the wall. It gives the water somewhere to go.</p>' +
      '<h2>The parts of the system</h2>' +
      '<ul>' +
      '<li><strong>The membrane.</strong> A sheet of high-density polyethylene with a pattern of studs, fixed to the wall with the studs against the masonry. The studs form an air gap; water that comes through the wall runs down behind the membrane instead of soaking into the room.</li>' +
      '<li><strong>The floor membrane.</strong> A deeper-studded membrane laid over the slab so water coming up through the floor can also drain away beneath the new floor.</li>' +
      '<li><strong>Perimeter drainage channel.</strong> A slotted channel in a chase around the edge of the floor that collects the water from behind the wall membrane.</li>' +
      '<li><strong>The sump.</strong> A chamber at the lowest point with a pump that lifts the water out of the building.</li>' +
      '</ul>' +
      '<h2>Why it is so reliable</h2>' +
      '<p>A tanking system is a barrier. It has to hold back the full pressure of the groundwater, so a single crack or pinhole lets water through. A cavity drain membrane is never under pressure: the water in the cavity drains freely, so small defects do not leak. The membrane also tolerates movement, salts and contaminated walls that would make a tanking slurry fail.</p>' +
      '<h2>What it needs from you</h2>' +
      '<p>A drained system depends on the pump. Choose a twin pump system with an alarm and battery backup for habitable rooms, fit inspection ports so the channel can be flushed, and book an annual service. BS 8102:2022 asks designers to plan for maintenance, and the sump is the part that needs it.</p>' +
      `<p>If you would like us to check your design, call our technical helpline on ${HELPLINE}.</p>`,
    relatedSkus: ['HV-CDM8', 'HV-CDM20', 'HV-CHAN-PERIM', 'HV-SUMP-TWIN'],
  },
  {
    urlKey: 'installing-cavity-drain-membrane-on-basement-walls',
    name: 'Video: Installing Cavity Drain Membrane on Basement Walls',
    author: 'tom-ellery',
    video: 'Qm7Hc2vXbT4',
    colour: '#1f5f99',
    publishDate: '2024-04-02T09:00:00Z',
    shortContent: 'Tom fits 8mm membrane to a cellar wall: preparation, cutting, plugging, taping laps and forming corners.',
    metaDescription: 'Installation video: fixing 8mm cavity drain membrane to basement walls with sealed plugs, butyl tape and preformed corners.',
    content:
      '<p>In this video Tom lines a Victorian cellar wall with Hydrovault 8mm membrane. The steps below follow the video; pause it at each one.</p>' +
      '<h2>1. Prepare the wall</h2>' +
      '<p>Remove loose plaster, timber grounds and anything organic that could rot behind the membrane. Treat any mould with a fungicidal wash. The wall does not need to be flat or dry.</p>' +
      '<h2>2. Cut the membrane</h2>' +
      '<p>Measure from the chase of the perimeter channel to the ceiling and cut the membrane 100mm longer so it can be dressed into the channel. Work from a clean floor: grit under the studs can puncture the membrane when it is plugged.</p>' +
      '<h2>3. Fix it</h2>' +
      '<p>Hold the membrane studs-to-the-wall and drill 10mm through the centre of a stud, 60mm into the masonry. Tap in a sealed plug until the collar compresses. Fix at about 8 per square metre, closer at the edges.</p>' +
      '<h2>4. Seal the laps</h2>' +
      '<p>Overlap sheets by two rows of studs, with double-sided butyl tape on the underlap. Roll the joint firmly. At internal and external corners use preformed corners rather than folding the sheet.</p>' +
      '<h2>5. Finish</h2>' +
      '<p>Dress the bottom of the membrane into the channel, then fix battens to the plug heads and dry-line with plasterboard, or build a free-standing stud wall in front.</p>',
    relatedSkus: ['HV-CDM8', 'HV-PLUG', 'HV-TAPE-BUTYL', 'HV-CORNER'],
  },
  {
    urlKey: 'choosing-a-sump-pump-system',
    name: 'Choosing a Sump Pump System',
    author: 'dan-whitaker',
    motif: 'sump',
    colour: '#c0392b',
    publishDate: '2024-05-20T09:00:00Z',
    shortContent: 'Single or twin pumps, battery backups and alarms: how to choose a sump for a drained basement.',
    metaDescription: 'How to choose a basement sump pump: single vs twin pump systems, battery backup, alarms, discharge and maintenance.',
    content:
      '<p>The sump is the part of a drained basement that does the work, so it deserves the most thought.</p>' +
      '<h2>Single or twin?</h2>' +
      '<p>A single pump is fine for a storage cellar where the occasional puddle would not be a disaster. For a habitable room (a bedroom, a kitchen, a home cinema) fit a twin pump system. The control panel alternates the duty and standby pumps and starts the standby if the first fails or cannot keep up with a storm.</p>' +
      '<h2>Power cuts</h2>' +
      '<p>Heavy rain and power cuts tend to arrive together. A battery backup unit keeps a 12V pump running from a leisure battery for hours. A 110Ah battery gives roughly twice the running time of a 75Ah battery.</p>' +
      '<h2>Alarms</h2>' +
      '<p>Every sump should have a high-level alarm with its own float, independent of the pump controls. A dial-out panel will text you if the alarm sounds while you are away.</p>' +
      '<h2>Where does the water go?</h2>' +
      '<p>Pump to a surface water drain or a soakaway, never to the foul sewer without permission. Fit a non-return valve on each pump and keep the discharge hose free of dips where water can freeze.</p>' +
      '<h2>Maintenance</h2>' +
      '<p>Service the sump once a year: clean the chamber, check the floats and valves, and test the changeover and the alarm. Our video on servicing a sump shows how.</p>',
    relatedSkus: ['HV-SUMP-TWIN', 'HV-SUMP-SINGLE', 'HV-BATT', 'HV-ALARM', 'HV-KIT-SUMP'],
  },
  {
    urlKey: 'rising-damp-or-condensation',
    name: 'Rising Damp or Condensation? How to Tell',
    author: 'priya-raman',
    motif: 'panel',
    colour: '#2f7d6d',
    publishDate: '2024-06-18T09:00:00Z',
    shortContent: 'Tide marks, salts and black mould: the signs that tell rising damp, penetrating damp and condensation apart.',
    metaDescription: 'How to tell rising damp from condensation and penetrating damp: tide marks, salts, mould and moisture meter readings explained.',
    content:
      '<p>Most of the "rising damp" I am asked to look at turns out to be something else. Treating the wrong cause wastes money and leaves the wall damp, so it is worth spending ten minutes on a diagnosis.</p>' +
      '<h2>Signs of rising damp</h2>' +
      '<ul>' +
      '<li>A tide mark up to about a metre above the floor, often with white, fluffy salts.</li>' +
      '<li>Damp and decay at the bottom of skirting boards.</li>' +
      '<li>Moisture meter readings that are highest at the bottom of the wall and fall away with height.</li>' +
      '<li>An old house with no damp proof course, or a DPC bridged by a raised path or render.</li>' +
      '</ul>' +
      '<h2>Signs of condensation</h2>' +
      '<ul>' +
      '<li>Black mould in corners, behind furniture and around windows.</li>' +
      '<li>Streaming windows in the morning.</li>' +
      '<li>Damp on cold external walls at any height, including ceilings.</li>' +
      '<li>Relative humidity above 65% on a hygrometer.</li>' +
      '</ul>' +
      '<h2>Signs of penetrating damp</h2>' +
      '<p>Patches that appear or grow after rain, at any height, below a leaking gutter, a cracked render or a blocked cavity.</p>' +
      '<h2>Using a meter properly</h2>' +
      '<p>Pin meters are calibrated for timber and read high on salty plaster, so treat them as a guide. Take a line of readings every 100mm from floor level: rising damp gives a clear gradient; condensation gives wet surfaces but dry masonry when you drill a sample from deeper in the wall.</p>' +
      `<p>Still unsure? Send photographs and readings to the ${SHOP_NAME} technical team.</p>`,
    relatedSkus: ['NG-MOISTURE-METER', 'NG-HYGROMETER', 'NG-MOULD-WASH', 'HV-DPC-CREAM'],
  },
  {
    urlKey: 'injecting-a-dpc-step-by-step',
    name: 'Video: Injecting a Damp Proof Course Step by Step',
    author: 'tom-ellery',
    video: 'rP4kLw9dZcQ',
    colour: '#2f7d6d',
    publishDate: '2024-07-09T09:00:00Z',
    shortContent: 'How to drill, inject and replaster a solid brick wall with DPC injection cream.',
    metaDescription: 'Video guide to injecting a chemical damp proof course with DPC cream: hole spacing, depth, cream quantity and replastering.',
    content:
      '<p>This video follows a chemical DPC on a 225mm solid brick wall from start to finish.</p>' +
      '<h2>Before you start</h2>' +
      '<p>Remove skirting boards and strip the plaster to about one metre high, or 300mm above the highest sign of damp. Lower any external ground or path that bridges the DPC line: it should be at least 150mm below the injection line.</p>' +
      '<h2>Drilling</h2>' +
      '<p>Drill 12mm holes into the horizontal mortar course at 120mm centres, about 150mm above external ground level. On a 225mm wall drill to 190mm; on thicker walls drill from both sides.</p>' +
      '<h2>Injecting</h2>' +
      '<p>Insert the nozzle to the back of each hole and fill as you withdraw, stopping about 1cm from the face. A 600ml cartridge treats about 4 metres of a 225mm wall.</p>' +
      '<h2>Replastering</h2>' +
      '<p>Leave the wall to dry out as long as you can, treat it with salt neutraliser and replaster with a sand and cement render containing a waterproof additive, or fix a mesh membrane and plaster onto that. Do not use gypsum plaster directly on the treated wall.</p>',
    relatedSkus: ['HV-DPC-CREAM', 'HV-DPC-GUN', 'HV-DRILL-BIT', 'HV-SALT', 'HV-KIT-DPC'],
  },
  {
    urlKey: 'type-a-b-c-waterproofing-bs-8102',
    name: 'Type A, B and C Waterproofing: BS 8102 Explained',
    author: 'dan-whitaker',
    motif: 'tub',
    colour: '#7f8c8d',
    publishDate: '2024-08-27T09:00:00Z',
    shortContent: 'What the three types of waterproofing protection in BS 8102:2022 mean and when to combine them.',
    metaDescription: 'BS 8102:2022 explained: Type A barrier, Type B structurally integral and Type C drained protection, and grades of environment.',
    content:
      '<p>BS 8102 is the British Standard code of practice for protecting structures below ground from water. The 2022 revision is what building control, warranty providers and lenders expect a basement design to follow.</p>' +
      '<h2>The three types</h2>' +
      '<ul>' +
      '<li><strong>Type A, barrier protection</strong>: a material applied to the structure that stops water, such as cementitious tanking slurry, liquid membranes or bonded sheet membranes.</li>' +
      '<li><strong>Type B, structurally integral protection</strong>: the structure itself is watertight, usually reinforced concrete designed to limit cracking, often with waterstops at joints.</li>' +
      '<li><strong>Type C, drained protection</strong>: a cavity drain membrane lets water through the structure and manages it with drainage and pumps.</li>' +
      '</ul>' +
      '<h2>Grades of environment</h2>' +
      '<p>Grade 1 allows some seepage (car parks, plant rooms). Grade 2 allows no water penetration but tolerates some moisture (stores). Grade 3 is a dry, ventilated environment for habitable rooms.</p>' +
      '<h2>Combined protection</h2>' +
      '<p>The standard recommends considering two types of protection where the risk is high, for example where the water table is above the floor, for deep basements and for Grade 3 spaces. A common combination is a Type B concrete box lined with a Type C membrane.</p>' +
      '<h2>Design responsibility</h2>' +
      '<p>BS 8102 expects a waterproofing design specialist to be part of the design team from the start. Our technical team can help with product selection and detailing.</p>',
    relatedSkus: ['HV-SLURRY', 'HV-WATERSTOP', 'HV-CDM8', 'HV-TANK-SA'],
  },
  {
    urlKey: 'fitting-perimeter-drainage-channel',
    name: 'Video: Fitting Perimeter Drainage Channel',
    author: 'tom-ellery',
    video: 'Ve2nHs8uJfM',
    colour: '#6c5ce7',
    publishDate: '2024-09-24T09:00:00Z',
    shortContent: 'Cutting the chase, laying channel to the sump, corners, connectors and inspection ports.',
    metaDescription: 'Video guide to installing basement perimeter drainage channel: chase size, falls, corners, inspection ports and the sump outlet.',
    content:
      '<p>Perimeter channel carries the water collected by the wall membrane to the sump. This video shows the whole run being laid in a 5m x 4m cellar.</p>' +
      '<h2>The chase</h2>' +
      '<p>Cut a chase about 60mm wide and 40mm deep around the floor edge, tight to the wall. Vacuum it clean: debris left in the chase ends up in the sump.</p>' +
      '<h2>Laying the channel</h2>' +
      '<p>Lay the channel with its slots facing the wall, joined with push-fit connectors, falling gently towards the sump. Use corner pieces at internal corners.</p>' +
      '<h2>Inspection ports</h2>' +
      '<p>Fit an inspection port at each corner and at least every 10 metres. They sit flush with the finished floor so the channel can be flushed with a hose during the annual service.</p>' +
      '<h2>Into the sump</h2>' +
      '<p>Connect the channel to a sump inlet with the channel outlet and its sealing ring. Pour water into the far end of the run and check it arrives in the sump before laying the floor membrane.</p>',
    relatedSkus: ['HV-CHAN-PERIM', 'HV-CHAN-CONN', 'HV-CHAN-CORNER', 'HV-INSPECT', 'HV-KIT-DRAIN'],
  },
  {
    urlKey: 'radon-protection-for-extensions',
    name: 'Radon Protection for Extensions',
    author: 'priya-raman',
    motif: 'sheet',
    colour: '#2980b9',
    publishDate: '2024-10-15T09:00:00Z',
    shortContent: 'When an extension needs basic or full radon protection, and how to lay and seal a radon barrier.',
    metaDescription: 'Radon protection for house extensions: basic vs full protection, laying a radon barrier, sealing laps and penetrations, radon sumps.',
    content:
      '<p>Radon is a colourless, odourless radioactive gas from uranium in rocks and soils. Parts of Cornwall, Devon, Derbyshire, Northamptonshire and many other areas have elevated levels, and the Building Regulations require new homes and extensions in those areas to be protected.</p>' +
      '<h2>Do I need it?</h2>' +
      '<p>Buy a radon risk report for the address from the UK Health Security Agency. It tells you whether no protection, basic protection or full protection is needed.</p>' +
      '<h2>Basic protection</h2>' +
      '<p>A radon-resistant membrane across the whole footprint, including across the cavity as a cavity tray, with all laps sealed and every service penetration sealed with a top hat. The radon barrier also acts as the damp proof membrane.</p>' +
      '<h2>Full protection</h2>' +
      '<p>Basic protection plus a way of extracting gas from under the floor later: a radon sump with pipework to the outside, or a ventilated void under a suspended floor. The sump can be left passive and a fan added if tests show high levels after completion.</p>' +
      '<h2>Getting the details right</h2>' +
      '<ul>' +
      '<li>Lap sheets by at least 150mm and seal with radon tape on a clean, dry surface.</li>' +
      '<li>Protect the barrier from reinforcement chairs and barrows with boards.</li>' +
      '<li>Link the new barrier to the existing house with a stepped cavity tray where possible.</li>' +
      '</ul>',
    relatedSkus: ['HV-RADON-BARRIER', 'HV-RADON-TAPE', 'HV-TOPHAT', 'HV-RADON-SUMP', 'HV-KIT-RADON'],
  },
  {
    urlKey: 'servicing-your-sump-pump',
    name: 'Video: Servicing Your Sump Pump',
    author: 'tom-ellery',
    video: 'Zt1cW6pNqLs',
    colour: '#c0392b',
    publishDate: '2024-11-19T09:00:00Z',
    shortContent: 'The annual sump service in twelve minutes: cleaning, floats, valves, changeover and alarm tests.',
    metaDescription: 'Video: how to service a basement sump pump system, including cleaning the chamber, checking floats and valves and testing alarms.',
    content:
      '<p>A sump that is serviced once a year will run for many years. One that is ignored usually fails during the worst storm of the decade. Here is what Tom checks on every service.</p>' +
      '<ol>' +
      '<li>Isolate the power and lift the pumps out. Photograph the float positions first.</li>' +
      '<li>Clean silt and lime scale from the chamber and the pump intakes.</li>' +
      '<li>Check the floats move freely and the cables are not chafed. Replace sticky floats.</li>' +
      '<li>Strip and clean the non-return valves; check the ball seats.</li>' +
      '<li>Flush the perimeter channel through each inspection port until the water runs clear.</li>' +
      '<li>Refit the pumps, restore power and fill the chamber with a hose: check the duty pump starts and stops.</li>' +
      '<li>Hold the duty pump float down to test the standby, then test the high-level alarm.</li>' +
      '<li>Switch off the mains to test the battery backup, and check the battery condition.</li>' +
      '</ol>' +
      `<p>${RANGE_MAKER} extends the pump warranty to three years when the system is serviced annually: keep a record of each service.</p>`,
    relatedSkus: ['HV-PUMP-V2', 'HV-FLOAT', 'HV-NRV', 'HV-ALARM'],
  },
  {
    urlKey: 'tanking-slurry-vs-cavity-drain',
    name: 'Tanking Slurry or Cavity Drain Membrane?',
    author: 'dan-whitaker',
    motif: 'tub',
    colour: '#7f8c8d',
    publishDate: '2025-01-14T09:00:00Z',
    shortContent: 'The strengths and limits of Type A tanking and Type C membranes, and how to choose for your basement.',
    metaDescription: 'Tanking slurry vs cavity drain membrane for basements and cellars: cost, preparation, risk, finishes and maintenance compared.',
    content:
      '<p>Both systems can give you a dry basement. They fail in different ways, which is what should drive the choice.</p>' +
      '<h2>Tanking slurry</h2>' +
      '<ul>' +
      '<li>No pump and no maintenance once applied.</li>' +
      '<li>Thin: no loss of room size.</li>' +
      '<li>Needs a sound, clean substrate: old lime mortar, salts, paint and gypsum must all come off.</li>' +
      '<li>Resists water pressure but not movement: a crack in the wall cracks the tanking.</li>' +
      '<li>Repairs mean finding the leak under the finishes.</li>' +
      '</ul>' +
      '<h2>Cavity drain membrane</h2>' +
      '<ul>' +
      '<li>Tolerates poor, salty, uneven and moving walls.</li>' +
      '<li>Never under pressure, so small defects do not leak.</li>' +
      '<li>Needs drainage and a pump, and an annual service.</li>' +
      '<li>Loses about 50mm on each wall with battens and boards.</li>' +
      '</ul>' +
      '<h2>Our rule of thumb</h2>' +
      '<p>Use tanking for small areas of sound concrete or new blockwork where water pressure is low: lift pits, light wells, the lower course of a wall. Use a cavity drain membrane for old masonry cellars, for anything habitable and wherever the water table may rise above the floor. For the highest-risk basements, use both.</p>',
    relatedSkus: ['HV-SLURRY', 'HV-PLUG-MORTAR', 'HV-CDM8', 'HV-CDM-MESH'],
  },
  {
    urlKey: 'replastering-after-damp-treatment',
    name: 'Replastering After Damp Treatment',
    author: 'priya-raman',
    motif: 'mesh',
    colour: '#2f7d6d',
    publishDate: '2025-02-25T09:00:00Z',
    shortContent: 'Why gypsum fails on salty walls, and the two reliable ways to replaster after a chemical DPC.',
    metaDescription: 'How to replaster after rising damp treatment: salt contamination, sand and cement render with additive, or a plasterable mesh membrane.',
    content:
      '<p>A new damp proof course stops moisture rising, but the wall above it is still full of ground salts carried up over decades. Salts are hygroscopic: they pull moisture from the air. Plaster over them with gypsum and the damp patches come back within a year, even though the DPC is working.</p>' +
      '<h2>Option 1: sand and cement render</h2>' +
      '<p>Treat the bare wall with salt neutraliser, then apply a 3:1 sand and cement scratch coat gauged with a waterproof additive, and finish with a lightweight renovating plaster or a skim suited to cement backgrounds. It is hard-wearing and cheap, but slow: each coat needs time to cure.</p>' +
      '<h2>Option 2: mesh membrane</h2>' +
      '<p>Fix a plasterable mesh membrane with plaster membrane plugs and plaster directly onto the mesh. The studs isolate the new plaster from the salts and any residual damp, you can plaster the same week, and there is no need to wait for the wall to dry out. It is our first choice for chimney breasts and badly salted walls.</p>' +
      '<h2>Whichever you choose</h2>' +
      '<ul>' +
      '<li>Take the old plaster off to at least one metre high.</li>' +
      '<li>Keep the new plaster 10mm clear of solid floors.</li>' +
      '<li>Use breathable paint, not vinyl, until the wall has fully dried.</li>' +
      '</ul>',
    relatedSkus: ['HV-CDM-MESH', 'HV-PLUG-PLASTER', 'HV-SALT', 'HV-RENDER-ADD'],
  },
  {
    urlKey: 'planning-a-cellar-conversion',
    name: 'Planning a Cellar Conversion',
    author: 'dan-whitaker',
    motif: 'kit',
    colour: '#8e44ad',
    publishDate: '2025-04-08T09:00:00Z',
    shortContent: 'Head height, permissions, waterproofing, ventilation and escape: what to think about before converting a cellar.',
    metaDescription: 'Planning a cellar conversion: head height, building regulations, waterproofing to BS 8102, ventilation, fire escape and budget.',
    content:
      '<p>Turning an existing cellar into a habitable room is one of the most cost-effective ways to add space to a terraced house. A little planning avoids the expensive surprises.</p>' +
      '<h2>Head height</h2>' +
      '<p>Aim for at least 2.1m of finished head height. A drained floor adds about 100mm (membrane, screed and finish), so measure from the existing floor to the underside of the joists before you start. Lowering a floor is possible but needs a structural engineer.</p>' +
      '<h2>Permissions</h2>' +
      '<p>Converting an existing cellar is usually permitted development, but it always needs Building Regulations approval for a habitable room: waterproofing, ventilation, fire escape, insulation and electrics. Listed buildings need consent.</p>' +
      '<h2>Waterproofing</h2>' +
      '<p>Design to Grade 3 under BS 8102: a cavity drain membrane on walls and floor, perimeter channel and a twin sump with battery backup is the usual specification. Ask for an insurance-backed guarantee from the installer.</p>' +
      '<h2>Ventilation and escape</h2>' +
      '<p>A habitable basement needs background and extract ventilation, and a means of escape in a fire: usually a protected stair to a final exit or an egress window to a light well.</p>' +
      '<h2>Budget</h2>' +
      '<p>Waterproofing is typically 15–25% of a cellar conversion. Materials for a 20m² cellar (membranes, drainage and a twin sump) are usually between £2,500 and £4,000 ex VAT; call us for a free materials list.</p>',
    relatedSkus: ['HV-KIT-BASEMENT', 'HV-SUMP-TWIN', 'HV-CDM20', 'HV-VENT-TRIM'],
  },
];
