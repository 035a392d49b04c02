/** Reviews of the shop (the carousel) and of products. Days are before the seed's reference date. */

export interface SeedStoreReview {
  nickname: string;
  location: string | null;
  rating: number;
  title: string;
  detail: string;
  daysAgo: number;
  approved?: boolean;
}

export const seedStoreReviews: SeedStoreReview[] = [
  { nickname: 'Mark H.', location: 'Leeds', rating: 5, title: 'Knew exactly what I needed', detail: 'Rang the helpline with a few photos of our cellar and got a full materials list the same afternoon. Delivered on a pallet two days later.', daysAgo: 3 },
  { nickname: 'Sarah P.', location: 'Bristol', rating: 5, title: 'Brilliant advice', detail: 'Dan talked me out of tanking and into a membrane system. Six months on the basement is bone dry.', daysAgo: 6 },
  { nickname: 'J. Okafor', location: 'Manchester', rating: 5, title: 'Next day as promised', detail: 'Ordered DPC cream and a gun before 2pm, arrived the next morning. Good price too.', daysAgo: 9 },
  { nickname: 'Pete (PW Damp Solutions)', location: 'Sheffield', rating: 5, title: 'Our go-to supplier', detail: 'We buy all our membrane and plugs here. Trade pricing is fair and stock is always there.', daysAgo: 12 },
  { nickname: 'Helen M.', location: 'York', rating: 4, title: 'Good service', detail: 'Pallet driver called ahead, which was appreciated. One roll had a crushed corner but they sent a replacement without fuss.', daysAgo: 15 },
  { nickname: 'Gareth L.', location: 'Cardiff', rating: 5, title: 'Helpful on the phone', detail: 'Not a trade customer, just a homeowner with a damp wall. They took the time to explain rising damp versus condensation. Turned out to be condensation.', daysAgo: 18 },
  { nickname: 'Amira S.', location: 'London', rating: 5, title: 'Sump system sorted', detail: 'Advice on sizing the sump and backup battery was spot on. Installed by our builder without a hitch.', daysAgo: 21 },
  { nickname: 'Rob T.', location: 'Newcastle upon Tyne', rating: 4, title: 'Solid products', detail: 'Membrane and tape were excellent. Website could show pallet delivery dates more clearly.', daysAgo: 25 },
  { nickname: 'Claire D.', location: 'Nottingham', rating: 5, title: 'Five stars', detail: 'Quick delivery, well packed, and the installation guide PDF was genuinely useful.', daysAgo: 29 },
  { nickname: 'Ian W.', location: 'Harrogate', rating: 5, title: 'Cellar conversion', detail: 'Supplied everything for our cellar conversion including a twin pump system. Building control were happy with the spec.', daysAgo: 33 },
  { nickname: 'Kerry-Anne F.', location: 'Glasgow', rating: 4, title: 'Arrived in Scotland quickly', detail: 'Two working days to Glasgow. Had to call for a quote first but it was reasonable.', daysAgo: 37 },
  { nickname: 'Tom B.', location: 'Bath', rating: 5, title: 'Radon kit', detail: 'Building control asked for full radon protection on our extension. The radon kit had everything and the team explained the sump.', daysAgo: 41 },
  { nickname: 'Dev R.', location: 'Leicester', rating: 5, title: 'Great prices', detail: 'Cheaper than the merchants locally and they actually know the products.', daysAgo: 45 },
  { nickname: 'Lucy G.', location: 'Brighton', rating: 5, title: 'Friendly and knowledgeable', detail: 'Emailed on a Sunday, had a detailed reply first thing Monday.', daysAgo: 49 },
  { nickname: 'Mike (MJ Basements)', location: 'Wakefield', rating: 5, title: 'Trade counter is handy', detail: 'Collect from the trade counter most weeks. Always ready when we arrive.', daysAgo: 54 },
  { nickname: 'Fiona C.', location: 'Edinburgh', rating: 4, title: 'Good overall', detail: 'Products are great. Returns took a little while to process but were refunded in full.', daysAgo: 58 },
  { nickname: 'Andrew K.', location: 'Chester', rating: 5, title: 'Saved me a fortune', detail: 'Was quoted thousands for a new DPC. Diagnosed as a bridged DPC from a raised patio. Lowered the patio and the wall dried out.', daysAgo: 63 },
  { nickname: 'Nadia B.', location: 'Birmingham', rating: 5, title: 'Excellent', detail: 'Ordered anti-condensation paint and mould wash. Bedroom wall has stayed clear all winter.', daysAgo: 68 },
  { nickname: 'Stuart M.', location: 'Hull', rating: 5, title: 'Proper experts', detail: 'They know basements inside out. Will use again for the next project.', daysAgo: 74 },
  { nickname: 'Emma J.', location: 'Oxford', rating: 4, title: 'Helpful', detail: 'Took a couple of calls to get through at lunchtime but the advice was worth the wait.', daysAgo: 80 },
  { nickname: 'Paul S.', location: 'Liverpool', rating: 5, title: 'Fast and fair', detail: 'Fast delivery, fair prices and a follow-up call to check the pump was working.', daysAgo: 86 },
  { nickname: 'Rachel A.', location: 'Cambridge', rating: 5, title: 'Would recommend', detail: 'Clear website, easy checkout and the membrane arrived the next day.', daysAgo: 92 },
  { nickname: 'Chris N.', location: 'Preston', rating: 5, title: 'Top service', detail: 'Missing item from a kit was sent out same day after one phone call.', daysAgo: 99 },
  { nickname: 'Sophie W.', location: 'Exeter', rating: 5, title: 'Clear instructions', detail: 'The videos are excellent. I fitted the perimeter channel myself following Tom’s video.', daysAgo: 106 },
  { nickname: 'Graham E.', location: 'Durham', rating: 4, title: 'Happy customer', detail: 'Good products and advice. Would like more colour options on the paint.', daysAgo: 113 },
  { nickname: 'Hannah L.', location: 'Norwich', rating: 5, title: 'Dry at last', detail: 'Our Victorian cellar flooded every winter. Membrane and sump fitted in October, dry all year.', daysAgo: 121 },
  { nickname: 'Oliver R.', location: 'Reading', rating: 5, title: 'Professional', detail: 'Materials list and quote arrived within the hour. Very professional outfit.', daysAgo: 129 },
  { nickname: 'Zoe T.', location: 'Swansea', rating: 5, title: 'Couldn’t be happier', detail: 'Knowledgeable staff who don’t try to upsell. Bought exactly what I needed and no more.', daysAgo: 138 },
  { nickname: 'Martin F.', location: 'Bradford', rating: 4, title: 'Good value', detail: 'Trade prices on plugs and tape are the best I have found.', daysAgo: 147 },
  { nickname: 'Jess K.', location: 'Plymouth', rating: 5, title: 'Great experience', detail: 'From the first call to delivery, everything was smooth.', daysAgo: 156 },
  { nickname: 'Alan P.', location: 'Derby', rating: 5, title: 'Spot-on diagnosis', detail: 'Sent moisture readings by email and Priya worked out it was penetrating damp from a cracked downpipe.', daysAgo: 165 },
  { nickname: 'Becky H.', location: 'Lincoln', rating: 5, title: 'Lovely people', detail: 'Friendly, patient and helpful with a first-time DIYer.', daysAgo: 175 },
  { nickname: 'Anonymous', location: null, rating: 1, title: 'Awaiting moderation', detail: 'This review has not been approved yet.', daysAgo: 1, approved: false },
];

export interface SeedProductReview {
  sku: string;
  nickname: string;
  rating: number;
  title: string;
  detail: string;
  daysAgo: number;
  approved?: boolean;
}

export const seedProductReviews: SeedProductReview[] = [
  { sku: 'HV-CDM8', nickname: 'Basement Ben', rating: 5, title: 'Easy to work with', detail: 'Cuts cleanly with a knife and the studs grip the plugs well. Did a 30m² cellar in two days.', daysAgo: 5 },
  { sku: 'HV-CDM8', nickname: 'MJ Basements', rating: 5, title: 'Reliable membrane', detail: 'We have fitted this on dozens of jobs. Consistent quality roll to roll.', daysAgo: 14 },
  { sku: 'HV-CDM8', nickname: 'Karen', rating: 4, title: 'Does the job', detail: 'Heavier than expected on the 2m roll, needed two people. Cellar is dry.', daysAgo: 30 },
  { sku: 'HV-CDM8', nickname: 'Dave the builder', rating: 5, title: 'Best I have used', detail: 'Stiffer than some cheaper membranes so it stays flat while plugging.', daysAgo: 52 },
  { sku: 'HV-CDM8', nickname: 'R. Singh', rating: 5, title: 'Great for vaults', detail: 'Used it on two coal vaults under the pavement. Bends to the curve nicely.', daysAgo: 80 },
  { sku: 'HV-CDM8', nickname: 'Jo', rating: 4, title: 'Good, use corners', detail: 'Membrane is great. Buy the preformed corners, folding your own is fiddly.', daysAgo: 120 },
  { sku: 'HV-CDM8', nickname: 'Spam Bot', rating: 1, title: 'Unapproved', detail: 'Awaiting moderation.', daysAgo: 2, approved: false },
  { sku: 'HV-CDM20', nickname: 'Floor fitter', rating: 5, title: 'Strong floor membrane', detail: 'Took a 65mm screed with no issues.', daysAgo: 22 },
  { sku: 'HV-CDM20', nickname: 'Lorraine', rating: 4, title: 'Solid', detail: 'Remember to seal laps with rope, tape alone does not fill the studs.', daysAgo: 75 },
  { sku: 'HV-CDM-MESH', nickname: 'Plasterer Phil', rating: 5, title: 'Plaster takes well', detail: 'Renovating plaster keyed onto the mesh first time. No more salts coming through.', daysAgo: 11 },
  { sku: 'HV-CDM-MESH', nickname: 'Anne-Marie', rating: 5, title: 'Chimney breast fixed', detail: 'Salty chimney breast that we replastered three times is finally dry.', daysAgo: 60 },
  { sku: 'HV-CDM-MESH', nickname: 'Steve', rating: 4, title: 'Good product', detail: 'Use plenty of plugs along the edges.', daysAgo: 140 },
  { sku: 'HV-PLUG', nickname: 'MJ Basements', rating: 5, title: 'Seal well', detail: 'Collars compress nicely. No leaks at fixings on any job.', daysAgo: 18 },
  { sku: 'HV-PLUG', nickname: 'Gav', rating: 4, title: 'Fine in brick', detail: 'Great in brick and block. In soft stone I went up to 70mm depth.', daysAgo: 90 },
  { sku: 'HV-TAPE-BUTYL', nickname: 'Tim R.', rating: 5, title: 'Very sticky', detail: 'Use the roller. Once bonded it will not come apart.', daysAgo: 8 },
  { sku: 'HV-TAPE-BUTYL', nickname: 'Sue', rating: 5, title: 'Also great on radon barrier', detail: 'Used on our extension radon barrier laps. Building control were happy.', daysAgo: 66 },
  { sku: 'HV-TAPE-BUTYL', nickname: 'Rob', rating: 3, title: 'Cold weather', detail: 'Struggled to stick in January until I used the primer. Fine after that.', daysAgo: 170 },
  { sku: 'HV-SUMP-TWIN', nickname: 'Ian W.', rating: 5, title: 'Peace of mind', detail: 'Standby pump kicked in during the February storms when the duty pump could not keep up. Exactly what it is for.', daysAgo: 16 },
  { sku: 'HV-SUMP-TWIN', nickname: 'Helen', rating: 5, title: 'Quiet and effective', detail: 'Much quieter than our old pump. Dial-out panel texted me during a test.', daysAgo: 47 },
  { sku: 'HV-SUMP-TWIN', nickname: 'Contractor Craig', rating: 4, title: 'Good system', detail: 'Well built. Chamber lid could be a little easier to remove for servicing.', daysAgo: 101 },
  { sku: 'HV-SUMP-SINGLE', nickname: 'Nick', rating: 5, title: 'Great for a storage cellar', detail: 'Simple to install and has kept the cellar clear for a year.', daysAgo: 27 },
  { sku: 'HV-SUMP-SINGLE', nickname: 'Paula', rating: 4, title: 'Good value', detail: 'Works well. Added the high-level alarm for peace of mind.', daysAgo: 95 },
  { sku: 'HV-PUMP-V2', nickname: 'Service engineer', rating: 5, title: 'Robust pump', detail: 'We replace older pumps with the V2 on services. Handles silt far better.', daysAgo: 38 },
  { sku: 'HV-BATT', nickname: 'Amira S.', rating: 5, title: 'Worked in a power cut', detail: 'Power went off for four hours in a storm and the backup kept pumping. Worth every penny.', daysAgo: 24 },
  { sku: 'HV-BATT', nickname: 'Graham', rating: 4, title: 'Heavy but good', detail: 'The 110Ah battery is heavy, plan where it goes. Works as described.', daysAgo: 110 },
  { sku: 'HV-ALARM', nickname: 'Lisa', rating: 5, title: 'Loud!', detail: 'You will definitely hear it. Simple to fit.', daysAgo: 35 },
  { sku: 'HV-CHAN-PERIM', nickname: 'Sophie W.', rating: 5, title: 'Easy to lay', detail: 'Push-fit joints make it quick. Followed the video and it all worked.', daysAgo: 19 },
  { sku: 'HV-CHAN-PERIM', nickname: 'Dan K.', rating: 4, title: 'Good channel', detail: 'Slightly flexible, so bed it properly in the chase.', daysAgo: 88 },
  { sku: 'HV-INSPECT', nickname: 'Tony', rating: 5, title: 'Makes servicing simple', detail: 'Flushing the channel through these ports takes minutes.', daysAgo: 73 },
  { sku: 'HV-SLURRY', nickname: 'Builder Bob', rating: 5, title: 'Tanked a lift pit', detail: 'Two coats on a new concrete lift pit, dry ever since.', daysAgo: 13 },
  { sku: 'HV-SLURRY', nickname: 'Jenny', rating: 4, title: 'Preparation is key', detail: 'Works well if you get the wall really clean first. Took longer than expected.', daysAgo: 57 },
  { sku: 'HV-SLURRY', nickname: 'Keith', rating: 3, title: 'Hard work on old brick', detail: 'Old soft brick soaked it up. In hindsight a membrane would have been easier.', daysAgo: 150 },
  { sku: 'HV-LIQUID', nickname: 'Garden designer', rating: 5, title: 'Great for planters', detail: 'Lined three rendered planters, no more damp on the house wall.', daysAgo: 44 },
  { sku: 'HV-PLUG-MORTAR', nickname: 'Mo', rating: 5, title: 'Stopped a gushing leak', detail: 'Set in under a minute against running water. Impressive.', daysAgo: 29 },
  { sku: 'HV-DPC-CREAM', nickname: 'Andrew K.', rating: 5, title: 'Easy DPC', detail: 'Simple to inject with the long-nozzle gun. Wall dried out over the summer.', daysAgo: 7 },
  { sku: 'HV-DPC-CREAM', nickname: 'PW Damp Solutions', rating: 5, title: 'Trade favourite', detail: 'We use boxes of this every week. Consistent and no smell.', daysAgo: 26 },
  { sku: 'HV-DPC-CREAM', nickname: 'Maggie', rating: 4, title: 'Works', detail: 'Used more cartridges than calculated on a thick stone wall, so buy a spare.', daysAgo: 64 },
  { sku: 'HV-DPC-CREAM', nickname: 'First-timer', rating: 5, title: 'Great instructions', detail: 'Watched the video and followed the datasheet. Straightforward.', daysAgo: 132 },
  { sku: 'HV-DPC-GUN', nickname: 'Steve', rating: 4, title: 'Sturdy gun', detail: 'Much better than a cheap sealant gun. Long nozzle is essential.', daysAgo: 64 },
  { sku: 'HV-DPM-1200', nickname: 'Extension builder', rating: 5, title: 'Good quality DPM', detail: 'Thick, no holes, folded neatly.', daysAgo: 50 },
  { sku: 'HV-SALT', nickname: 'Priya fan', rating: 4, title: 'Use before replastering', detail: 'Easy to apply with a sprayer. New plaster is staying clear of salts so far.', daysAgo: 84 },
  { sku: 'HV-MASONRY-CREAM', nickname: 'Coastal cottage', rating: 5, title: 'Rain beads off', detail: 'Our exposed gable used to darken in every storm. Water just runs off now.', daysAgo: 41 },
  { sku: 'HV-RADON-BARRIER', nickname: 'Tom B.', rating: 5, title: 'Passed inspection', detail: 'Blue membrane makes it easy for the inspector to see. Tough too.', daysAgo: 39 },
  { sku: 'HV-RADON-BARRIER', nickname: 'Self-builder', rating: 4, title: 'Good barrier', detail: 'Heavy roll, plan to unload near the site.', daysAgo: 118 },
  { sku: 'HV-TOPHAT', nickname: 'Plumber Pete', rating: 5, title: 'Neat seals', detail: 'Much neater than trying to tape around pipes.', daysAgo: 71 },
  { sku: 'NG-MOULD-WASH', nickname: 'Nadia B.', rating: 5, title: 'Killed the mould', detail: 'Black mould on the bedroom wall gone after one application.', daysAgo: 20 },
  { sku: 'NG-MOULD-WASH', nickname: 'Landlord Lee', rating: 4, title: 'Effective', detail: 'Works well; ventilate while using it.', daysAgo: 98 },
  { sku: 'NG-ANTI-CONDENSATION', nickname: 'Nadia B.', rating: 5, title: 'No mould since', detail: 'Used after the mould wash. Wall has stayed clear all winter.', daysAgo: 20 },
  { sku: 'NG-ANTI-CONDENSATION', nickname: 'Graham E.', rating: 4, title: 'Good paint', detail: 'Covers well in two coats. Would like more colours.', daysAgo: 113 },
  { sku: 'NG-MOISTURE-METER', nickname: 'Curious homeowner', rating: 4, title: 'Useful tool', detail: 'Helped me show it was condensation, not rising damp. Reads high on salty plaster as the guide warns.', daysAgo: 55 },
  { sku: 'NG-PU-SEALANT', nickname: 'Window fitter', rating: 5, title: 'Good sealant', detail: 'Nice to tool and paints over well.', daysAgo: 62 },
  { sku: 'HV-KIT-DPC', nickname: 'Weekend DIYer', rating: 5, title: 'Everything in one go', detail: 'Saved working out what to buy. Treated a 12m party wall.', daysAgo: 34 },
  { sku: 'HV-KIT-BASEMENT', nickname: 'Hannah L.', rating: 5, title: 'Great starting point', detail: 'Adjusted quantities for our cellar and added a twin sump. All arrived together.', daysAgo: 121 },
  { sku: 'HV-CORNER', nickname: 'Jo', rating: 5, title: 'Saves so much time', detail: 'Corners were the slowest part of the job until we used these.', daysAgo: 120 },
  { sku: 'HV-SEAL-ROPE', nickname: 'Lorraine', rating: 5, title: 'Essential for floors', detail: 'Fills the studs at laps where tape cannot.', daysAgo: 75 },
  { sku: 'HV-HOSE', nickname: 'Installer Ian', rating: 4, title: 'Good hose', detail: 'Does not kink round tight bends. 25m coil was plenty.', daysAgo: 92 },
];
