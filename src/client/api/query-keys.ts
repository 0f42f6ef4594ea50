/** Query keys in one place, so invalidation and cache updates name the same thing. */
export const queryKeys = {
  me: (token: string) => ['me', token] as const,
  tokenCheck: (token: string) => ['token-check', token] as const,
  permissions: (userId: number) => ['permissions', userId] as const,
  notifications: ['notifications'] as const,
  announcement: ['announcement'] as const,
  featureUpdates: ['feature-updates'] as const,
  /** The account's preferences: the shell follows their colour, theme and layout. */
  preferences: ['preferences'] as const,
  /** Prefixes of the dashboard's reports, the next-steps checklists and the operator's export centre (their pages' keys start with them). */
  reports: ['reports'] as const,
  nextSteps: ['next-steps'] as const,
  operatorExports: ['operator-exports'] as const,
};
