import type { Doc } from '../../engine/core/form-store';
import { useOptionLabels } from '../../engine/data/use-option-labels';
import { useSectionDefinitions } from '../../engine/data/use-section-definitions';
import { useLocalDefinition } from '../../engine/texts/use-schema-texts';
import { useFormat, useT } from '../../i18n';

/** Placeholder photos, so the photos-per-row setting shows. */
const SAMPLE_PHOTOS = 6;

const str = (v: unknown, fallback: string): string => (typeof v === 'string' && v ? v : fallback);
const num = (v: unknown, fallback: number): number => (typeof v === 'number' ? v : fallback);

/** The same box src/embed/widget.js draws, from the form's current (client-named) values. */
export function WidgetPreview({ values, name }: { values: Doc; name: string }) {
  const logo = str(values.logoPosition, 'left');
  const header = str(values.headerColor, '#1a1a1a');
  const paragraph = str(values.paragraphColor, '#333333');
  const t = useT();
  const fmt = useFormat();
  const labels = useOptionLabels();
  // Sample facts, labelled as the embed labels them (main info's field titles and option labels,
  // in the language the embed answers its visitor in): the preview shows the look, the embed the
  // published facts. The rows show once the section's texts are there.
  const main = useLocalDefinition(useSectionDefinitions(['main-info']).get('main-info'));
  const title = (name: string) => main?.schema.properties?.[name]?.title;
  const sample: readonly (readonly [string | undefined, string | undefined])[] = [
    [title('rating'), labels.get('ratings')?.get('4')],
    [title('checkInTime'), fmt.time('1970-01-01T14:00:00Z')],
    [t('widget.sample_city'), t('widget.sample_city_name')],
  ];
  return (
    <div
      data-testid="widget-preview"
      style={{
        boxSizing: 'border-box',
        fontFamily: str(values.fontSelect, 'Arial,Helvetica,sans-serif'),
        fontSize: `${num(values.fontSize, 10)}px`,
        background: str(values.backgroundColor, '#ffffff'),
        border: `${num(values.borderWidth, 2)}px solid ${str(values.borderColor, '#d0d0d0')}`,
        padding: `${num(values.marginY, 0)}px ${num(values.marginX, 0)}px`,
      }}
    >
      {logo !== 'none' && (
        <h3
          data-testid="widget-preview-header"
          style={{ margin: '0 0 .5em', color: header, textAlign: logo as 'left' | 'center' | 'right' }}
        >
          {name}
        </h3>
      )}
      {sample.map(
        ([label, value]) =>
          label &&
          value && (
            <p key={label} style={{ margin: '.2em 0', color: paragraph }}>
              {label}: {value}
            </p>
          ),
      )}
      {values.contentType !== 's' && (
        <div data-testid="widget-preview-photos" style={{ display: 'flex', flexWrap: 'wrap', marginTop: '.5em' }}>
          {Array.from({ length: SAMPLE_PHOTOS }, (_, i) => (
            <div
              key={i}
              style={{ width: `${100 / num(values.photosPerRow, 4)}%`, boxSizing: 'border-box', padding: 2 }}
            >
              <div
                style={{
                  paddingTop: '66%',
                  background: 'repeating-linear-gradient(45deg, #9e9e9e, #9e9e9e 6px, #bdbdbd 6px, #bdbdbd 12px)',
                }}
              />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
