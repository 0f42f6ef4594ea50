import type { ErrorSchema, RJSFValidationError, ValidationData, ValidatorType } from '@rjsf/utils';
import { holds, type Condition } from '../../../shared/conditions';
import type { SectionDefinition } from '../../../shared/section-types';
import { summaryWords } from '../../../shared/validation-messages';
import type { Doc } from './form-store';
import { validateForSave } from './validate';

/**
 * rjsf's validator interface over the section's precompiled validators: no ajv compiler in the
 * browser. The client schemas carry no conditional keywords, so rjsf asks `isValid` only of
 * simple conditions, which `holds` evaluates.
 */
export function precompiledValidator(def: SectionDefinition): ValidatorType {
  const validateFormData = (formData: unknown): ValidationData<unknown> => {
    const problems = validateForSave(def, (formData ?? {}) as Doc);
    const errorSchema: Record<string, unknown> = {};
    const errors: RJSFValidationError[] = problems.issues.map((issue) => {
      let node = errorSchema;
      for (const segment of issue.path) node = (node[segment] ??= {}) as Record<string, unknown>;
      ((node.__errors ??= []) as string[]).push(issue.message);
      return { property: `.${issue.path.join('.')}`, message: issue.message, stack: summaryWords(issue) };
    });
    return { errors, errorSchema: errorSchema as ErrorSchema };
  };
  return {
    validateFormData,
    isValid: (schema, formData, rootSchema) =>
      schema === rootSchema ? def.validateSave(formData) : holds(schema as Condition, formData ?? null),
    rawValidation: (schema, formData) => {
      if (schema === def.schema || schema === undefined) {
        const ok = def.validateSave(formData);
        return { errors: ok ? undefined : ((def.validateSave.errors ?? undefined) as never) };
      }
      return {
        errors: holds(schema as Condition, formData ?? null) ? undefined : ([{ message: 'does not match' }] as never),
      };
    },
  };
}
