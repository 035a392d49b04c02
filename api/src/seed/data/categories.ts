import { RANGE_MAKER, SHOP_NAME } from '@shop/shared/shop';
import type { ProductKind } from '../svg';

export type IconKind = 'damp' | 'basement' | 'pump' | 'drain' | 'tank' | 'fixings' | 'radon' | 'mould' | 'kit' | 'membrane';

export interface SeedCategory {
  id: number;
  parentId: number | null;
  name: string;
  urlKey: string;
  position: number;
  /** Tile icon (ids 102 and 104–109 have one on the home page). */
  icon: IconKind | null;
  colour: string;
  motif: ProductKind;
  short: string;
  /** HTML paragraphs for 'More Information on {category}'. */
  description: string;
  metaTitle: string;
  metaDescription: string;
}

/** The categories of the shop. Ids 102 and 104–109 are fixed (the storefront has their icons). */
export const seedCategories: SeedCategory[] = [
  {
    id: 102,
    parentId: null,
    name: 'Damp Proofing',
    urlKey: 'damp-proofing',
    position: 1,
    icon: 'damp',
    colour: '#2f7d6d',
    motif: 'cartridge',
    short: 'DPC injection creams, damp proof courses and membranes, and everything to replaster after treatment.',
    description:
      '<p>Rising damp happens when ground moisture climbs through brick and mortar because the original damp proof course has failed, been bridged or was never there. Most of the houses we are asked about were built before 1875, when a physical DPC became a requirement, or have had their DPC bridged by raised paths, render or flower beds.</p>' +
      '<p>A remedial chemical DPC is the standard cure: a silane/siloxane cream injected into the mortar bed forms a water-repellent barrier that stops moisture climbing. Plaster that has been contaminated with ground salts has to come off to about one metre high and be replaced with a salt-resistant render or a mesh membrane system; otherwise the salts keep pulling moisture out of the air and the wall stays damp.</p>' +
      '<p>Not every damp wall is rising damp. Condensation, leaking gutters and bridged cavities are more common, and our <a href="/advice/rising-damp-or-condensation">guide to telling them apart</a> is a good place to start. If you are unsure, call our technical helpline with a few photographs and moisture readings.</p>',
    metaTitle: 'Damp Proofing Products | DPC Cream, DPC & DPM',
    metaDescription:
      'DPC injection cream, polythene damp proof courses, 1200 gauge DPM, plaster membranes and salt neutraliser. Trade prices and free technical advice.',
  },
  {
    id: 104,
    parentId: null,
    name: 'Basement Waterproofing',
    urlKey: 'basement-waterproofing',
    position: 2,
    icon: 'basement',
    colour: '#1f5f99',
    motif: 'roll',
    short: 'Type C cavity drain membranes, floor membranes and fixings for cellars, basements and below-ground rooms.',
    description:
      '<p>BS 8102:2022 describes three types of waterproofing protection for structures below ground: Type A (barrier, such as tanking), Type B (structurally integral, such as waterproof concrete) and Type C (drained protection). Cavity drain membranes are Type C: rather than trying to hold water back, they let it come through the wall, catch it behind a studded membrane and lead it to a drainage channel and sump where it is pumped away.</p>' +
      `<p>Because the membrane is not under hydrostatic pressure, a drained system tolerates movement, cracking and the odd missed fixing far better than a barrier. It is the system most waterproofing specialists choose for habitable basements, and the ${RANGE_MAKER} range covers walls, floors and vaults with plugs, seals and corners designed to work together.</p>` +
      '<p>For a Grade 3 habitable space, pair the membrane with perimeter drainage channel and a sump pump system with a battery backup, and plan for an annual service. Our technical team will check your drawings and produce a free materials list.</p>',
    metaTitle: 'Basement Waterproofing | Cavity Drain Membranes (Type C)',
    metaDescription:
      'Cavity drain membranes for walls and floors, fixing plugs, corners and seals for Type C basement waterproofing to BS 8102. Next-day delivery on stock items.',
  },
  {
    id: 103,
    parentId: 104,
    name: 'Cavity Drain Membranes',
    urlKey: 'cavity-drain-membranes',
    position: 1,
    icon: null,
    colour: '#1f5f99',
    motif: 'mesh',
    short: 'Studded HDPE membranes for walls (8mm), floors (20mm) and plaster or render finishes (mesh).',
    description:
      '<p>Our cavity drain membranes are made from high-density polyethylene with a studded profile that holds the membrane off the wall or floor and forms a continuous drainage void behind it. The 8mm profile is the workhorse for walls and vaults; the 20mm profile has the flow capacity and compressive strength for floors; the mesh-faced 3mm membrane takes plaster or render directly.</p>' +
      '<p>All membranes are jointed with butyl tape or sealing rope, fixed with sealed plugs and finished at junctions with preformed corners. Read our <a href="/advice/how-a-cavity-drain-membrane-works">guide to how cavity drain membranes work</a> before you order.</p>',
    metaTitle: 'Cavity Drain Membranes | 8mm, 20mm and Mesh',
    metaDescription: 'Studded HDPE cavity drain membranes for basement walls and floors, in 8mm, 20mm and plasterable mesh profiles.',
  },
  {
    id: 105,
    parentId: null,
    name: 'Sump Pumps',
    urlKey: 'sump-pumps',
    position: 3,
    icon: 'pump',
    colour: '#c0392b',
    motif: 'sump',
    short: 'Single and twin sump systems, battery backups, alarms and spares for drained basements.',
    description:
      '<p>A cavity drain system is only as good as the pump that empties it. Water collected by the membrane and perimeter channel runs to a sump chamber set into the floor; a submersible pump with a float switch lifts it to a drain outside the building.</p>' +
      '<p>For a habitable basement we recommend a twin pump system (a duty pump and a standby that takes over if the first fails or cannot keep up), a high-level alarm and a battery backup unit to keep pumping through a power cut. Pumps should be serviced once a year; our <a href="/advice/servicing-your-sump-pump">servicing video</a> shows how.</p>',
    metaTitle: 'Sump Pumps & Sump Pump Systems for Basements',
    metaDescription:
      'Single and twin sump pump systems, battery backup units, high-level alarms, non-return valves and discharge hose for basement waterproofing.',
  },
  {
    id: 106,
    parentId: null,
    name: 'Drainage',
    urlKey: 'drainage',
    position: 4,
    icon: 'drain',
    colour: '#6c5ce7',
    motif: 'channel',
    short: 'Perimeter drainage channel, connectors, inspection ports and external drainage sheets.',
    description:
      '<p>Perimeter drainage channel sits in a chase cut around the edge of the floor slab, under the floor membrane. It collects the water running down the back of the wall membrane and carries it to the sump, and its inspection ports let the system be flushed during a service.</p>' +
      '<p>Allow one inspection port at each corner and at least every 10 metres, and fall the channel gently towards the sump. For walls that can be excavated, an external drainage sheet with a bonded geotextile protects the structure and relieves water pressure before it reaches the wall.</p>',
    metaTitle: 'Basement Drainage Channel & Drainage Membranes',
    metaDescription: 'Perimeter drainage channel, corners, connectors, inspection ports and external geotextile drainage sheets.',
  },
  {
    id: 107,
    parentId: null,
    name: 'Tanking & Sealing',
    urlKey: 'tanking-and-sealing',
    position: 5,
    icon: 'tank',
    colour: '#7f8c8d',
    motif: 'tub',
    short: 'Cementitious tanking slurry, liquid membranes, waterstops, plugging mortar and sealants.',
    description:
      '<p>Tanking is Type A barrier protection: a continuous waterproof coating applied to the inside or outside of a structure. Cementitious slurries bond to sound masonry and concrete and resist water pressure, which makes them a good choice for lift pits, water tanks and walls that will not move.</p>' +
      '<p>Preparation decides whether tanking works. Surfaces must be clean, sound and free of paint and gypsum plaster; active leaks need plugging first; and every junction needs a fillet or a waterstop. Where the structure might crack or move, a drained system is the safer choice: see our comparison of <a href="/advice/tanking-slurry-vs-cavity-drain">tanking and cavity drain</a>.</p>',
    metaTitle: 'Tanking Slurry, Liquid Membranes & Waterproof Sealants',
    metaDescription: 'Cementitious tanking slurry, liquid rubber, hydrophilic waterstops, rapid plugging mortar and PU sealants for below-ground waterproofing.',
  },
  {
    id: 108,
    parentId: null,
    name: 'Accessories & Fixings',
    urlKey: 'accessories-and-fixings',
    position: 6,
    icon: 'fixings',
    colour: '#d35400',
    motif: 'plugs',
    short: 'Sealed plugs, butyl tape, sealing rope, corners, primers and tools for membrane installation.',
    description:
      '<p>A membrane system is only watertight at its joints. Every fixing through an 8mm membrane needs a sealed plug, every lap needs butyl tape or sealing rope, and every corner is easier and more reliable with a preformed piece.</p>' +
      '<p>Trade customers get tiered prices on tape, plugs and rope once logged in. Not sure how many plugs you need? Allow about 8 per square metre on walls and 4 per square metre on vaulted ceilings, plus 10% for waste.</p>',
    metaTitle: 'Membrane Fixings, Butyl Tape & Installation Accessories',
    metaDescription: 'Sealed membrane fixing plugs, double-sided butyl tape, sealing rope, preformed corners, primers and tools with trade pricing.',
  },
  {
    id: 109,
    parentId: null,
    name: 'Radon & Gas Barriers',
    urlKey: 'radon-and-gas-barriers',
    position: 7,
    icon: 'radon',
    colour: '#2980b9',
    motif: 'sheet',
    short: 'Radon barriers, gas-resistant membranes, jointing tape, top hats and radon sump kits.',
    description:
      '<p>Radon is a naturally occurring radioactive gas that seeps from the ground and is the second biggest cause of lung cancer in the UK. New buildings and extensions in radon-affected areas need basic or full radon protection under the Building Regulations, and sites near landfill or made ground may need protection against methane and carbon dioxide.</p>' +
      '<p>A radon barrier is a continuous gas-resistant membrane across the whole footprint, sealed at laps with radon tape and at every service penetration with a top hat. In higher-risk areas a radon sump under the slab allows the gas to be extracted later if testing shows it is needed. See our <a href="/advice/radon-protection-for-extensions">guide to radon protection for extensions</a>.</p>',
    metaTitle: 'Radon Barriers & Gas Resistant Membranes',
    metaDescription: 'Radon barriers, reinforced gas membranes, jointing tape, top hat pipe seals and radon sump kits for new builds and extensions.',
  },
  {
    id: 110,
    parentId: null,
    name: 'Condensation & Mould',
    urlKey: 'condensation-and-mould',
    position: 8,
    icon: 'mould',
    colour: '#16a085',
    motif: 'can',
    short: 'Mould wash, anti-condensation paint, underfloor vents and meters to diagnose damp.',
    description:
      '<p>Condensation is the most common cause of damp and mould in British homes. Warm, moist air from cooking, bathing and drying clothes condenses on the coldest surfaces (window reveals, external corners, behind wardrobes) and black mould follows within weeks.</p>' +
      '<p>Cure the cause first: ventilate, heat steadily and keep relative humidity below about 60%. Then kill existing mould with a fungicidal wash and repaint with an anti-condensation paint. A hygrometer and a moisture meter will tell you whether you are dealing with condensation or with water coming through the wall.</p>',
    metaTitle: 'Condensation & Mould Treatment Products',
    metaDescription: 'Fungicidal mould wash, anti-condensation paint, underfloor vents, hygrometers and moisture meters to diagnose and cure condensation.',
  },
  {
    id: 111,
    parentId: null,
    name: 'Kits & Trade Packs',
    urlKey: 'kits-and-trade-packs',
    position: 9,
    icon: 'kit',
    colour: '#8e44ad',
    motif: 'kit',
    short: `Everything for a job in one order: basement, sump, DPC, drainage and radon kits chosen by the ${SHOP_NAME} technical team.`,
    description:
      '<p>Our kits group together the products a typical job needs, with quantities chosen by our technical team. Each item can be bought in the quantity you need: adjust them on the product page before adding to your basket.</p>' +
      '<p>For larger projects send us your drawings and we will prepare a free, itemised materials list with trade pricing.</p>',
    metaTitle: 'Waterproofing Kits & Trade Packs',
    metaDescription: 'Basement waterproofing, sump pump, DPC injection, perimeter drainage and radon protection kits with the right quantities for the job.',
  },
];
