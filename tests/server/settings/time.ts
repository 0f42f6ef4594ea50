export const SECOND = 1000;
export const DAY = 24 * 60 * 60 * SECOND;
