/** Ordo's version, reported by `GET /info` and the about page. */
export const ORDO_VERSION = 'v0.1.0';
