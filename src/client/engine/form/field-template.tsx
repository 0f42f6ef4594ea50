import FormHelperText from '@mui/material/FormHelperText';
import type { FieldTemplateLiteProps } from './field-slot';

/** Around every widget: its messages (errors first) and help, tied to it for screen readers. */
export function EngineFieldTemplate({ id, errors, help, compact, children }: FieldTemplateLiteProps) {
  return (
    <div
      className={compact ? 'field compact' : 'field'}
      style={compact ? { display: 'inline-flex', flexDirection: 'column' } : undefined}
    >
      {children}
      {errors.length > 0 && (
        <FormHelperText error id={`${id}__error`} role="alert" sx={{ mx: compact ? 0 : 1.75 }}>
          {errors.join(' ')}
        </FormHelperText>
      )}
      {help && !compact && <FormHelperText id={`${id}__help`}>{help}</FormHelperText>}
    </div>
  );
}
