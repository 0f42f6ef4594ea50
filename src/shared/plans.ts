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

/**
 * What each plan gives a tour operator: operators hold no properties or photo quota, so the
 * hotel's list would promise what they cannot use. Same plans, the operator's side of them.
 */
const OPERATOR_FEATURES: Readonly<Record<PlanCode, readonly string[]>> = {
  F: [
    'Fact sheets of every hotel your contracts cover, with what changed since you looked',
    'Data mapping: your own hotel and room codes',
    'Overrides of facts, proposed to the hotel',
    "Partner hotels' availability charts",
    'Exports of facts, photos and availability',
    'Partners and contracts',
    'Authorized users with their own permissions',
  ],
  P: ['Everything in Free', 'Premium badge on your portfolio', 'Priority support from the Ananas team'],
};

/** The plans as an account of this type reads them (an operator: the operator's features). */
export function plansFor(accountType: 'accommodation' | 'to'): Plan[] {
  return PLANS.map((p) => ({ ...p, features: [...(accountType === 'to' ? OPERATOR_FEATURES[p.code] : p.features)] }));
}

/** The photo quota of a plan (null: unlimited). */
export function photoQuota(plan: PlanCode): number | null {
  return PLANS.find((p) => p.code === plan)?.photo_quota ?? FREE_PHOTO_QUOTA;
}

/** Said plainly wherever payment would happen: the portal takes no payment and stores no card data. */
export const PAYMENT_NOTE =
  'Payment is not taken in the portal and no card details are ever asked for or stored here. Send an upgrade request: the Ananas team contacts you about payment and then switches your account to Premium.';
