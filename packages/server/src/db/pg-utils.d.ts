/** pg's mapping of JavaScript values to query parameters (not in pg's type declarations). */
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): unknown };
  export default utils;
}
