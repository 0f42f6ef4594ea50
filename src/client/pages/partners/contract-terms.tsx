import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import { asSection, choiceLabels, type Choice } from '../../engine/core/form-adapter';
import type { OptionLabels } from '../../engine/data/options';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import contractForm from '../../../shared/generated/forms/contract';
import { contractFormNames } from '../../../shared/generated/name-maps';
import { HOTEL_CAPS } from '../../../shared/generated/value-lists';
import type { ContractTermsWire, CoveredPropertyWire } from '../../../shared/generated/wire-types';
import { useContractLabels } from './partners-api';
import { READ_ONLY_LOOK } from './read-only-look';

/** Fields of the contract form the page fills itself, never shown: who, the action, what was seen. */
const BOOKKEEPING = ['partner', 'status', 'version', 'revision'];

/** The term fields of the form (client names), in schema order: what a proposal sends. */
export const TERM_FIELDS: readonly string[] = Object.keys(contractForm.schema.properties ?? {}).filter(
  (f) => !BOOKKEEPING.includes(f),
);

const wireOf = new Map(Object.entries(contractFormNames.props ?? {}).map(([wire, [client]]) => [client, wire]));
const clientOf = new Map([...wireOf].map(([client, wire]) => [wire, client]));

/** The hotel's caps (client names of the terms marked x-hotel-cap): the hotel chooses them; an operator's form shows them read-only in the view, never sends them. */
export const HOTEL_CAP_FIELDS: readonly string[] = HOTEL_CAPS.map((cap) => clientOf.get(cap) ?? cap);
/** What an operator's proposal sends: every term but the hotel's caps. */
export const OPERATOR_TERM_FIELDS: readonly string[] = TERM_FIELDS.filter((f) => !HOTEL_CAP_FIELDS.includes(f));
/** The wire names of the terms. */
export const TERM_WIRE_FIELDS: readonly string[] = TERM_FIELDS.map((f) => wireOf.get(f) ?? f);

/** The terms of a contract document (a view, a version): the term fields alone. */
export function termsOf(doc: Partial<ContractTermsWire> | null | undefined): Partial<ContractTermsWire> {
  if (!doc) return {};
  return Object.fromEntries(
    TERM_WIRE_FIELDS.filter((f) => f in doc).map((f) => [f, (doc as Record<string, unknown>)[f]]),
  ) as Partial<ContractTermsWire>;
}

/** The option category of a term (wire name), for showing its codes as words. */
export function categoryOf(wireField: string): string | undefined {
  const client = [...wireOf.entries()].find(([, w]) => w === wireField)?.[0] ?? wireField;
  const ui = contractForm.uiSchema[client] as { 'ui:options'?: { optionsCategory?: string } } | undefined;
  return ui?.['ui:options']?.optionsCategory;
}

export const propertyChoices = (properties: readonly CoveredPropertyWire[] | undefined): Choice[] =>
  (properties ?? []).map((p) => ({ value: p.id, label: [p.hotel_name, p.city].filter(Boolean).join(', ') }));

/**
 * One contract form's values, drawn by the engine from contract-form.schema.json (the same form on
 * both sides): the definition, with the hotel's properties as the coverage choices, and a session
 * started from `terms` (a new proposal: the schema's defaults). Create it once the choices are known.
 */
export function useTermsSession(
  terms: Partial<ContractTermsWire> | undefined,
  choices: readonly Choice[],
  hideCaps = false,
) {
  const contractLabels = useContractLabels();
  const [def] = useState(() =>
    asSection(contractForm, contractFormNames, {
      hide: hideCaps ? [...BOOKKEEPING, ...HOTEL_CAP_FIELDS] : BOOKKEEPING,
      choices: { properties: choices },
    }),
  );
  const [session] = useState(() => new FormSession(def, terms));
  const labels = useMemo<OptionLabels>(
    () => new Map([...contractLabels, ...choiceLabels({ properties: choices })]),
    [contractLabels, choices],
  );
  return { session, labels };
}

interface Props {
  terms: Partial<ContractTermsWire>;
  choices: readonly Choice[];
  idPrefix: string;
}

/** A version's terms, read-only, as the engine draws the form. */
export function ReadOnlyTerms({ terms, choices, idPrefix }: Props) {
  const { session, labels } = useTermsSession(terms, choices);
  return (
    <Box sx={READ_ONLY_LOOK} data-testid="read-only-terms">
      <DefinitionForm session={session} idPrefix={idPrefix} readOnly labels={labels} />
    </Box>
  );
}
