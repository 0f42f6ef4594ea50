/**
 * The plans an account can be on. The one place their limits are written: the plans call, the
 * premium pages and the photo upload all read them from here.
 */
export type PlanCode = 'F' | 'P';

export interface Plan {
  code: PlanCode;
  title: string;
  /** Photos an account may hold over all its properties; null: unlimited. */
  photo_quota: number | null;
  features: string[];
}

/** Photos a Free account may hold over all its properties. */
export const FREE_PHOTO_QUOTA = 25;

export const PLANS: readonly Plan[] = [
  {
    code: 'F',
    title: 'Free',
    photo_quota: FREE_PHOTO_QUOTA,
    features: [
      'Properties with every fact section',
      `Up to ${FREE_PHOTO_QUOTA} photos`,
      'Stop-sale availability chart',
      'Fact sheets and photos sent to your mailing groups',
      'Partners and contracts',
      'Authorized users with their own permissions',
    ],
  },
  {
    code: 'P',
    title: 'Premium',
    photo_quota: null,
    features: [
      'Everything in Free',
      'Unlimited photos',
      'Premium badge on your portfolio',
      'Priority support from the Ananas team',
    ],
  },
];

/** The photo quota of a plan (null: unlimited). */
export function photoQuota(plan: PlanCode): number | null {
  return PLANS.find((p) => p.code === plan)?.photo_quota ?? FREE_PHOTO_QUOTA;
}

/** Said plainly wherever payment would happen: the portal takes no payment and stores no card data. */
export const PAYMENT_NOTE =
  'Payment is not taken in the portal and no card details are ever asked for or stored here. Send an upgrade request: the Ananas team contacts you about payment and then switches your account to Premium.';
