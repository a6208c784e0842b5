export * from './date-helpers.js';
export * from './date-math.js';
export * from './date-value.js';
export * from './range-presets.js';
export {
  instantOfWallTime,
  isValidTimeZone,
  type WallTime,
  wallTimeAt,
  type ZonedWallTime,
} from './zoned-time.js';
