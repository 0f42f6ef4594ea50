import type { ContractTermsWire, OverrideAllowanceWire } from '../../../shared/generated/wire-types.js';
import { operatorMay, type OperatorAction } from '../partners/index.js';

export type Reasons = OverrideAllowanceWire['reasons'];

type Refusable = Exclude<OperatorAction, 'edit_facts'>;

/** What each refusable action is, in words ("add your logo to its fact sheets"). */
const WHAT: Record<Refusable, string> = {
  add_logo: 'add your logo to its fact sheets',
  remove_property_logo: "remove the property's logo from its fact sheets",
  select_photos: "use photos from the hotel's gallery",
  add_own_photos: 'add your own photos of the hotel',
  sync_stop_sale: 'receive its stop-sale in your feed',
  allow_on_request: 'show its stopped days as On Request',
};

/**
 * Why the operator may not do each thing under a contract, naming the side that can change it
 * (issue 25 §2): every refusal says the reason and that the hotel decides, through the contract.
 * null: allowed (at once or with the hotel's approval).
 */
export function refusalReasons(terms: ContractTermsWire, hotelName: string): Reasons {
  const ask = `ask ${hotelName} to change the contract (propose an amendment on the contract page)`;
  const reason = (action: Refusable): string | null =>
    operatorMay(terms, action) === 'no'
      ? `Your contract with ${hotelName} does not let you ${WHAT[action]}: ${ask}.`
      : null;
  const facts =
    operatorMay(terms, 'edit_facts') === 'no'
      ? `Your contract with ${hotelName} does not allow overriding facts: ${ask}.`
      : terms.hotel_allows_overrides === false
        ? `${hotelName} has capped your contract so that you may not override facts: ask ${hotelName} to lift the cap (an amendment of the contract).`
        : null;
  // One reason per action the contract grants: the allowance schema's reasons and the actions must
  // name the same things (either without the other fails the type check here).
  const actions = Object.keys(WHAT) as Refusable[];
  const each = Object.fromEntries(actions.map((a) => [a, reason(a)])) as Pick<Reasons, Refusable>;
  return { facts, ...each };
}
