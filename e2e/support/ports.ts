/** Ports of the servers the e2e suite starts (see playwright.config.ts). */
export const ports = {
  shop: 8180, // API on 8181
  moved: 8182,
  catalogElsewhere: 8183,
  accountElsewhere: 8184,
};

const at = (port: number) => `http://127.0.0.1:${port}`;
export const urls = {
  shop: at(ports.shop),
  moved: at(ports.moved),
  catalogElsewhere: at(ports.catalogElsewhere),
  accountElsewhere: at(ports.accountElsewhere),
};
