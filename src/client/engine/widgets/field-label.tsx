import type { CSSProperties, ReactNode } from 'react';
import type { WidgetProps } from '@rjsf/utils';

/** Out of sight, still read by screen readers (and by role queries). */
const OFF_SCREEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * The label a field shows. A field may show a shorter label than its title (a unit beside its
 * distance shows "Unit", as the whole title does not fit half a cell): then the title stays its
 * accessible name, so a screen reader still hears which distance the unit belongs to.
 */
export function fieldLabel(props: WidgetProps): ReactNode {
  const { label } = props;
  const accessibleLabel: unknown = props.options.accessibleLabel;
  if (typeof accessibleLabel !== 'string' || accessibleLabel === label) return label;
  return (
    <>
      <span aria-hidden>{label}</span>
      <span style={OFF_SCREEN}>{accessibleLabel}</span>
    </>
  );
}
