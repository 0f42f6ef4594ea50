import type { OperationId } from '../../shared/generated/operations.js';
import type { Ctx } from './handler.js';

/**
 * What a pre-check sees: the call's validated input, the caller and the property in scope. No
 * request, reply or address: it cannot answer, set a header or audit, only refuse by throwing.
 */
export type PrecheckInput<Op extends OperationId> = Pick<Ctx<Op>, 'params' | 'query' | 'body' | 'auth' | 'property'>;

/**
 * A handler's own input checks that the schema cannot say (an expiry before today by the
 * server's clock, a name of blanks only, a URL's form), declared beside the handler and run by the
 * router after the schema and before the step-up proof: a form that is wrong anyway answers its
 * 400 first, and only a valid one asks for the password. It runs for a session that has not proved
 * itself, so it must have no side effect and send nothing out, and judges the form, which is the
 * caller's own. It reads a stored record only when the caller sees it without the proof and the
 * route does not change it (a member's allowed properties against the account's own property ids);
 * never the record the call addresses: a handler's 404 for another account's record must still
 * come after the proof. The handler checks again.
 */
export type Precheck<Op extends OperationId> = (input: PrecheckInput<Op>) => Promise<void>;

export type PrecheckMap = { [Op in OperationId]?: Precheck<Op> };
