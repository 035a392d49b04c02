/** Ports of the servers the e2e suite starts (see playwright.config.ts); E2E_PORT_BASE moves them all. */
const base = Number(process.env.E2E_PORT_BASE ?? 8180);

export const ports = {
  shop: base, // API on base + 1
  moved: base + 2,
  catalogElsewhere: base + 3,
  accountElsewhere: base + 4,
  /** The back office of the shop (npm start's default, PORT+2, is taken by `moved` here). */
  admin: base + 5,
  // start.spec.ts: `npm start` under a pseudo-terminal (its API on + 1, its back office on + 2),
  // and a second start refused.
  terminalStart: base + 10,
  refusedStart: base + 13,
};

const at = (port: number) => `http://127.0.0.1:${port}`;
export const urls = {
  shop: at(ports.shop),
  moved: at(ports.moved),
  catalogElsewhere: at(ports.catalogElsewhere),
  accountElsewhere: at(ports.accountElsewhere),
  admin: at(ports.admin),
};
