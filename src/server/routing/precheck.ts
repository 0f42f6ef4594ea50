import type { OperationId } from '../../shared/generated/operations.js';
import type { Ctx } from './handler.js';

/**
 * What a pre-check sees: the call's validated input, the caller and the property in scope. No
 * request, reply or address: it cannot answer, set a header or audit, only refuse by throwing.
 */
export type PrecheckInput<Op extends OperationId> = Pick<Ctx<Op>, 'params' | 'query' | 'body' | 'auth' | 'property'>;

/**
 * A handler's own input checks that the schema cannot say (an expiry before today by the
 * server's clock, a name of blanks only, a whitelist entry the account has), declared beside the
 * handler and run by the router after the schema and before the step-up proof: a form that is
 * wrong anyway answers its 400 first, and only a valid one asks for the password. It must have no
 * side effect (reads of the caller's own data at most) and refuse only what the caller could see
 * anyway, since it runs for a session that has not proved itself; the handler checks again.
 */
export type Precheck<Op extends OperationId> = (input: PrecheckInput<Op>) => Promise<void>;

export type PrecheckMap = { [Op in OperationId]?: Precheck<Op> };
