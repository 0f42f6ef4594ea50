/**
 * A request body a settings form built and checked with the schema's precompiled validator (the
 * same schema the server validates with). The generated request types, where defaults make
 * fields required, cannot see that; asBody is the one place that says so.
 */
export type CheckedBody = Record<string, unknown>;

export const asBody = (body: CheckedBody): never => body as never;
