import {
  COMPANY_LEGAL_TEXT,
  FREE_DELIVERY_MESSAGE,
  HELPLINE,
  HELPLINE_TEL,
  INFO_EMAIL,
  RANGE_MAKER,
  RANGE_MAKER_PAGE,
  SHOP_LEGAL_NAME,
  SHOP_NAME,
} from '@shop/shared/shop';

export interface SeedCmsPage {
  identifier: string;
  /** Request path of its rewrite (no slashes at either end). */
  path: string;
  title: string;
  contentHeading: string | null;
  content: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string | null;
}

const helpline = `<a href="tel:${HELPLINE_TEL}">${HELPLINE}</a>`;
const email = `<a href="mailto:${INFO_EMAIL}">${INFO_EMAIL}</a>`;
const rangePath = RANGE_MAKER_PAGE.replace(/^\//, '');

/** Every CMS page of the route table, in UK English. */
export const seedCmsPages: SeedCmsPage[] = [
  {
    identifier: 'home',
    path: 'home',
    title: `${SHOP_NAME} | Waterproofing, Damp Proofing & Drainage Membranes`,
    contentHeading: 'Keeping buildings dry since 2009',
    content:
      `<p>${SHOP_NAME} is an independent supplier of basement waterproofing, damp proofing and drainage products to contractors, builders and homeowners across the UK. We stock the full ${RANGE_MAKER} range of cavity drain membranes, sump pumps and accessories alongside tanking, radon and damp proofing products we would use ourselves.</p>` +
      `<p>Our technical team are qualified surveyors and installers. Send us your drawings or a few photographs and we will recommend a system and prepare a free materials list. ${FREE_DELIVERY_MESSAGE}.</p>`,
    metaTitle: `${SHOP_NAME} | Basement Waterproofing, Damp Proofing & Drainage Membranes`,
    metaDescription: `Cavity drain membranes, sump pumps, DPC cream, tanking and radon barriers from ${SHOP_NAME}, an independent supplier of the ${RANGE_MAKER} range. Free technical advice on ${HELPLINE}.`,
    metaKeywords: 'cavity drain membrane, basement waterproofing, sump pump, damp proofing, DPC cream, tanking slurry, radon barrier',
  },
  {
    identifier: 'about',
    path: 'about',
    title: 'About Us',
    contentHeading: `About ${SHOP_NAME}`,
    content:
      `<p>${SHOP_NAME} started in 2009 as a two-person trade counter on an industrial estate in Wakefield, selling membranes and pumps to local waterproofing contractors. We are still independent and family owned, and most of our customers are still the builders, damp specialists and basement contractors who need the right product on site tomorrow morning.</p>` +
      `<h2>What we sell</h2>` +
      `<p>We are an independent stockist of the <a href="${RANGE_MAKER_PAGE}">${RANGE_MAKER}</a> range of cavity drain membranes, drainage and sump pump systems, and we add our own-label products where we think we can offer better value: mould treatments, sealants, meters and ventilation. Everything we sell is something our technical team would be happy to install.</p>` +
      `<h2>Free technical advice</h2>` +
      `<p>Choosing between tanking and a cavity drain system, sizing a sump or working out how much DPC cream a wall needs is easier with someone who has done it. Our advisers are qualified surveyors (CSSW and CSRT) and former installers. Call the technical helpline on ${helpline}, Monday to Friday 8am to 5pm, or email ${email} with photographs and drawings.</p>` +
      `<h2>Our team</h2>` +
      `<h3 id="dan-whitaker">Dan Whitaker, Technical Manager</h3>` +
      `<p>Dan has designed waterproofing for more than 1,500 basements, cellars and lift pits. He holds the CSSW qualification, sits on a BS 8102 working group and writes most of our advice on drained protection.</p>` +
      `<h3 id="priya-raman">Priya Raman, Senior Surveyor</h3>` +
      `<p>Priya is a chartered building surveyor specialising in damp and timber (CSRT). She diagnoses damp problems for homeowners and housing associations and writes our guides on rising damp, condensation and replastering.</p>` +
      `<h3 id="tom-ellery">Tom Ellery, Installer and Trainer</h3>` +
      `<p>Tom spent twelve years fitting membranes and sump pumps before joining us to run our installer training days. He presents our installation videos.</p>` +
      `<h2>Trade accounts</h2>` +
      `<p>Contractors can open a trade account for tiered prices on membranes, plugs, tape and channel. Create an account online and call us to have it upgraded to trade.</p>`,
    metaTitle: `About ${SHOP_NAME} | Independent Waterproofing Supplier`,
    metaDescription: `${SHOP_NAME} is an independent, family-owned supplier of waterproofing, damp proofing and drainage products with free technical advice from qualified surveyors.`,
    metaKeywords: null,
  },
  {
    identifier: 'hydrovault-systems',
    path: rangePath,
    title: `${RANGE_MAKER} Systems`,
    contentHeading: `The ${RANGE_MAKER} waterproofing range`,
    content:
      `<p>${RANGE_MAKER} designs and manufactures drained waterproofing systems for basements, cellars and other structures below ground. Its studded membranes are extruded in Germany from high-density polyethylene, and its pumps, control panels and drainage are built to work together as one system. ${SHOP_NAME} is an independent stockist of the full ${RANGE_MAKER} range.</p>` +
      `<h2>A complete Type C system</h2>` +
      `<ul>` +
      `<li><strong>Wall and vault membranes</strong>: 8mm studded membrane, and a 3mm mesh-faced membrane that takes plaster directly.</li>` +
      `<li><strong>Floor membranes</strong>: 20mm high-flow membrane under screeds and floating floors.</li>` +
      `<li><strong>Drainage</strong>: perimeter channel, corners, connectors and inspection ports so the system can be maintained.</li>` +
      `<li><strong>Sump pumps</strong>: single and twin pump systems, battery backup and alarms.</li>` +
      `<li><strong>Accessories</strong>: sealed plugs, butyl tape, sealing rope and preformed corners.</li>` +
      `</ul>` +
      `<h2>Certification</h2>` +
      `<p>${RANGE_MAKER} cavity drain membranes are CE marked to EN 13967 and hold BBA Agrément certificates, and the system is designed to BS 8102:2022 for Grade 1, 2 and 3 environments. Datasheets and installation guides are on each product page under Downloads.</p>` +
      `<h2>Warranty</h2>` +
      `<p>Membranes carry a 30-year product warranty. Sump pumps carry a two-year warranty, extended to three years when the system is serviced annually. Insurance-backed guarantees are available when the system is installed by a ${RANGE_MAKER} approved contractor.</p>` +
      `<h2>Help choosing</h2>` +
      `<p>Our technical team will design a ${RANGE_MAKER} system from your drawings and send you a free materials list. Call ${helpline} or email ${email}.</p>`,
    metaTitle: `${RANGE_MAKER} Cavity Drain Membranes & Sump Systems | ${SHOP_NAME}`,
    metaDescription: `The ${RANGE_MAKER} range of cavity drain membranes, perimeter drainage and sump pumps for Type C basement waterproofing to BS 8102, from independent stockist ${SHOP_NAME}.`,
    metaKeywords: `${RANGE_MAKER}, cavity drain membrane, type C waterproofing, BS 8102`,
  },
  {
    identifier: 'contact',
    path: 'contact',
    title: 'Contact Us',
    contentHeading: 'Get in touch',
    content:
      `<p>We are happy to help with orders, deliveries and technical questions. The quickest way to reach a technical adviser is the helpline.</p>` +
      `<h2>Technical helpline</h2>` +
      `<p>${helpline}<br>Monday to Friday, 8am to 5pm (closed on bank holidays)</p>` +
      `<h2>Email</h2>` +
      `<p>${email}<br>We answer every email within one working day. For technical advice, please include photographs, the approximate size of the area and any drawings you have.</p>` +
      `<h2>Trade counter and returns address</h2>` +
      `<address>${SHOP_LEGAL_NAME}<br>Unit 4, Calder Trade Park<br>Wakefield<br>WF2 7AZ</address>` +
      `<p>The trade counter is open Monday to Friday, 7.30am to 4.30pm. Please call ahead for large orders so we can have them ready.</p>` +
      `<h2>Orders and deliveries</h2>` +
      `<p>Have your order number to hand (it is in your confirmation email and under My Orders in your account). See <a href="/delivery-and-returns">Delivery &amp; Returns</a> for delivery times and how to return an item.</p>`,
    metaTitle: `Contact ${SHOP_NAME} | Technical Helpline ${HELPLINE}`,
    metaDescription: `Call our technical helpline on ${HELPLINE} (Mon–Fri 8am–5pm) or email ${INFO_EMAIL}. Trade counter in Wakefield.`,
    metaKeywords: null,
  },
  {
    identifier: 'delivery-and-returns',
    path: 'delivery-and-returns',
    title: 'Delivery & Returns',
    contentHeading: 'Delivery & Returns',
    content:
      `<h2>Delivery</h2>` +
      `<p>${FREE_DELIVERY_MESSAGE} to most of mainland Great Britain. Below that, delivery is charged by weight and shown at checkout before you pay.</p>` +
      `<ul>` +
      `<li><strong>Standard (1–3 working days)</strong>: orders placed by 2pm on a working day are dispatched the same day.</li>` +
      `<li><strong>Next working day</strong>: available for orders placed by 2pm, at an extra charge shown at checkout.</li>` +
      `<li><strong>Pallet deliveries</strong>: large membrane orders travel on a pallet with a tail-lift vehicle. The driver will need kerbside access; please tell us about any restrictions in the delivery comment.</li>` +
      `<li><strong>Highlands, islands, Northern Ireland</strong>: please call us for a quote before ordering.</li>` +
      `</ul>` +
      `<p>You will receive an email with tracking details when your order is dispatched. Please check goods on arrival and note any damage on the delivery note.</p>` +
      `<h2>Returns</h2>` +
      `<p>If you change your mind you can return unused items in their original, unopened packaging within 30 days of delivery for a full refund of the goods. Under the Consumer Contracts Regulations, consumers have 14 days to tell us they wish to cancel and a further 14 days to return the goods. Please email ${email} with your order number first and we will send you a returns number.</p>` +
      `<p>We cannot accept returns of membranes cut to length, mixed or opened chemical products, or items made or ordered specially for you. Return carriage is paid by you unless the item is faulty or we sent the wrong item.</p>` +
      `<h2>Damaged or faulty goods</h2>` +
      `<p>Please tell us within 48 hours of delivery if anything arrives damaged, with a photograph, and we will send a replacement at no cost. Faulty items are covered by the manufacturer's warranty and your statutory rights are not affected.</p>` +
      `<h2>Refunds</h2>` +
      `<p>Refunds are made to the original payment method within 14 days of us receiving the returned goods.</p>`,
    metaTitle: `Delivery & Returns | ${SHOP_NAME}`,
    metaDescription: `${FREE_DELIVERY_MESSAGE}. Same-day dispatch on orders placed by 2pm. 30-day returns on unused items.`,
    metaKeywords: null,
  },
  {
    identifier: 'terms-and-conditions',
    path: 'terms-and-conditions',
    title: 'Terms & Conditions',
    contentHeading: 'Terms and conditions of sale',
    content:
      `<p>These terms apply to every order placed on this website with ${SHOP_LEGAL_NAME} ("we", "us"). Please read them before ordering. ${COMPANY_LEGAL_TEXT}</p>` +
      `<h2>1. Orders and contract</h2>` +
      `<p>Your order is an offer to buy. A contract is formed when we email you to confirm dispatch. We may decline an order, for example if an item is out of stock or was priced in error, in which case we will refund anything you have paid.</p>` +
      `<h2>2. Prices and payment</h2>` +
      `<p>Prices are shown in pounds sterling excluding and including VAT at 20%. Trade prices are available to approved trade account holders. Delivery charges are shown at checkout. Payment is taken when you place your order.</p>` +
      `<h2>3. Delivery</h2>` +
      `<p>Delivery times are estimates. Risk in the goods passes to you on delivery; ownership passes when we have received payment in full. See our <a href="/delivery-and-returns">Delivery &amp; Returns</a> page for details.</p>` +
      `<h2>4. Cancellation and returns</h2>` +
      `<p>If you are a consumer you may cancel your contract within 14 days of delivery under the Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013, subject to the exceptions set out on our Delivery &amp; Returns page. Business customers may return unused goods by agreement.</p>` +
      `<h2>5. Technical advice</h2>` +
      `<p>Our technical advice is given in good faith on the basis of the information you provide. It is not a substitute for a site survey or a design by a qualified waterproofing specialist, and responsibility for the suitability of a design rests with the designer of the works.</p>` +
      `<h2>6. Warranties and liability</h2>` +
      `<p>Goods are covered by the manufacturer's warranty in addition to your statutory rights. Nothing in these terms limits our liability for death or personal injury caused by negligence, for fraud, or for anything that cannot be limited by law. Otherwise our liability is limited to the price of the goods concerned, and we are not liable for indirect or consequential loss, including the cost of labour to install or remove goods.</p>` +
      `<h2>7. Law</h2>` +
      `<p>These terms are governed by the law of England and Wales. If you live in Scotland or Northern Ireland you may also bring proceedings in your local courts.</p>`,
    metaTitle: `Terms & Conditions | ${SHOP_NAME}`,
    metaDescription: `The terms and conditions of sale of ${SHOP_LEGAL_NAME}: orders, prices, delivery, cancellation, warranties and liability.`,
    metaKeywords: null,
  },
  {
    identifier: 'cookie-policy',
    path: 'cookie-policy',
    title: 'Cookie Policy',
    contentHeading: 'How we use cookies',
    content:
      `<p>Cookies are small files that a website stores on your device. We keep their use to what the shop needs to work and to a small amount of measurement that helps us improve it.</p>` +
      `<h2>Strictly necessary</h2>` +
      `<ul>` +
      `<li><strong>Basket</strong>: remembers the items in your basket (stored as <code>cartId</code> in your browser).</li>` +
      `<li><strong>Sign-in</strong>: keeps you signed in to your account while you browse.</li>` +
      `<li><strong>Checkout</strong>: remembers the billing address you entered until your order is confirmed.</li>` +
      `<li><strong>Cookie notice</strong>: remembers that you have accepted this notice (<code>cookiesAccepted</code>).</li>` +
      `</ul>` +
      `<h2>Third parties</h2>` +
      `<ul>` +
      `<li><strong>Payments</strong>: our card payment provider sets cookies to prevent fraud when you pay.</li>` +
      `<li><strong>Videos</strong>: installation videos are played from YouTube, which may set cookies when you press play.</li>` +
      `<li><strong>Reviews</strong>: our review service loads customer reviews and may set cookies to do so.</li>` +
      `<li><strong>Error reporting</strong>: if something goes wrong in your browser we record technical details of the error (never your payment details) to fix it.</li>` +
      `</ul>` +
      `<h2>Managing cookies</h2>` +
      `<p>You can delete or block cookies in your browser settings. If you block strictly necessary cookies the basket and checkout will not work. For questions about cookies, email ${email}.</p>`,
    metaTitle: `Cookie Policy | ${SHOP_NAME}`,
    metaDescription: `Which cookies ${SHOP_NAME} uses, why, and how to manage them.`,
    metaKeywords: null,
  },
  {
    identifier: 'privacy-policy',
    path: 'privacy-policy',
    title: 'Privacy Policy',
    contentHeading: 'Your privacy',
    content:
      `<p>${SHOP_LEGAL_NAME} is the controller of the personal data you give us through this website. This policy explains what we collect, why, and your rights under the UK GDPR and the Data Protection Act 2018.</p>` +
      `<h2>What we collect</h2>` +
      `<ul>` +
      `<li>Your name, email address, telephone number and delivery and billing addresses when you order or open an account.</li>` +
      `<li>Your order history and any reviews you write.</li>` +
      `<li>Technical information such as your IP address and browser, to keep the site secure and to fix errors.</li>` +
      `</ul>` +
      `<p>Card details are taken by our payment provider and never stored by us.</p>` +
      `<h2>Why we use it</h2>` +
      `<ul>` +
      `<li>To fulfil your order and deliver it (contract).</li>` +
      `<li>To keep accounting and VAT records (legal obligation).</li>` +
      `<li>To answer your questions and give technical advice (legitimate interests).</li>` +
      `<li>To send you our newsletter, only if you have subscribed (consent, which you can withdraw at any time from your account or the link in every email).</li>` +
      `</ul>` +
      `<h2>Who we share it with</h2>` +
      `<p>Couriers and pallet networks (to deliver), our payment provider (to take payment), our email and hosting providers, and our accountants. We never sell your data.</p>` +
      `<h2>How long we keep it</h2>` +
      `<p>Order records are kept for six years for tax purposes. Accounts that have not been used for three years are deleted.</p>` +
      `<h2>Your rights</h2>` +
      `<p>You can ask for a copy of your data, ask us to correct or delete it, object to how we use it or ask us to restrict it. Email ${email}. If you are unhappy with how we handle your data you can complain to the Information Commissioner's Office (ico.org.uk).</p>`,
    metaTitle: `Privacy Policy | ${SHOP_NAME}`,
    metaDescription: `How ${SHOP_LEGAL_NAME} collects, uses and protects your personal data, and your rights under UK data protection law.`,
    metaKeywords: null,
  },
];
