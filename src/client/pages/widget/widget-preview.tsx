import type { Doc } from '../../engine/core/form-store';

/** Sample facts: the preview shows the look, the embed shows the published facts. */
const SAMPLE: readonly [string, string][] = [
  ['Stars', '4'],
  ['City', 'Sample City'],
  ['Check-in', '14:00'],
];

const str = (v: unknown, fallback: string): string => (typeof v === 'string' && v ? v : fallback);
const num = (v: unknown, fallback: number): number => (typeof v === 'number' ? v : fallback);

/** The same box src/embed/widget.js draws, from the form's current (client-named) values. */
export function WidgetPreview({ values, name }: { values: Doc; name: string }) {
  const logo = str(values.logoPosition, 'left');
  const header = str(values.headerColor, '#000');
  const paragraph = str(values.paragraphColor, '#000');
  return (
    <div
      data-testid="widget-preview"
      style={{
        boxSizing: 'border-box',
        fontFamily: str(values.fontSelect, 'Arial,Helvetica,sans-serif'),
        fontSize: `${num(values.fontSize, 10)}px`,
        background: str(values.backgroundColor, '#000'),
        border: `${num(values.borderWidth, 2)}px solid ${str(values.borderColor, '#000')}`,
        padding: `${num(values.marginY, 0)}px ${num(values.marginX, 0)}px`,
      }}
    >
      {logo !== 'none' && (
        <h3 data-testid="widget-preview-header" style={{ margin: '0 0 .5em', color: header, textAlign: logo as 'left' | 'center' | 'right' }}>
          {name}
        </h3>
      )}
      {SAMPLE.map(([label, value]) => (
        <p key={label} style={{ margin: '.2em 0', color: paragraph }}>
          {label}: {value}
        </p>
      ))}
    </div>
  );
}
