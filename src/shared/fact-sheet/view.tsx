import { Fragment, type ReactElement, type ReactNode } from 'react';
import { factLines, textDirection, withFilledColumns } from './arrange.js';
import type { DocumentSection, FactSheet, ListSection, SheetField, SheetGroup, SheetSection } from './model.js';
import type { Translator } from '../i18n/translator.js';
import { sheetText, type SheetWordKey } from './words.js';

/** The sheet's own words in its language (words.ts). */
type Say = (key: SheetWordKey, values?: Record<string, string>) => string;

/**
 * The fact sheet as plain HTML (no MUI, no scripts, class names `fs-*` styled by FACT_SHEET_CSS):
 * printed to PDF on the server and shown as is by the client. Five layouts of the same model
 * (preferences pdf_layout): '' Standard, F Fact points, R Rich text, G Grouped facts, S Summarized.
 * React escapes every text, so hotel-entered text can never become markup. Every text of the
 * model sits in its own bidi isolate (<bdi>) of its direction, so numbers, phone numbers, e-mails
 * and Latin names read as typed in a right-to-left sheet. `words` is the translator of the sheet's
 * language (the server's, or the client's catalogue of that language), for the few words of its own.
 */
export function FactSheetView({ sheet, words }: { sheet: FactSheet; words: Translator }): ReactElement {
  const say: Say = (key, values) => sheetText(words, key, values);
  return (
    <article className={`fs fs-layout-${layoutName(sheet.layout)}`} dir={sheet.dir} lang={sheet.language}>
      <Cover sheet={sheet} say={say} />
      {sheet.sections.map((s) => (
        <SectionView key={s.key} section={s} sheet={sheet} say={say} />
      ))}
      {sheet.photos.length > 0 && <PhotoPage sheet={sheet} say={say} />}
      <footer className="fs-notes">
        {sheet.notes.map((n) => (
          <p key={n}>
            <T>{n}</T>
          </p>
        ))}
      </footer>
    </article>
  );
}

/** A text of the model in an isolate of its own direction (arrange.ts textDirection). */
function T({ children }: { children: string }): ReactElement {
  return <bdi dir={textDirection(children)}>{children}</bdi>;
}

export function layoutName(layout: FactSheet['layout']): string {
  return { '': 'standard', F: 'points', R: 'rich', G: 'grouped', S: 'summary' }[layout];
}

function Cover({ sheet, say }: { sheet: FactSheet; say: Say }) {
  return (
    <header className="fs-cover">
      <div className="fs-heading">
        {sheet.property.logo && (
          <img
            className="fs-logo fs-property-logo"
            src={sheet.property.logo.url}
            alt={sheet.property.logo.caption ?? ''}
          />
        )}
        <div className="fs-title">
          <p className="fs-kicker">{sheet.title}</p>
          <h1 className="fs-name">
            <T>{sheet.property.name}</T>
          </h1>
          {sheet.property.place && (
            <p className="fs-place">
              <T>{sheet.property.place}</T>
            </p>
          )}
        </div>
        {sheet.logo && <img className="fs-logo" src={sheet.logo.url} alt={sheet.logo.caption ?? ''} />}
      </div>
      {sheet.featured && (
        <figure className="fs-featured">
          <img src={sheet.featured.url} alt={sheet.featured.caption ?? ''} />
          {sheet.featured.caption && (
            <figcaption>
              <T>{sheet.featured.caption}</T>
            </figcaption>
          )}
        </figure>
      )}
      {!sheet.sections.length && <p className="fs-empty">{say('pdf.sheet.nothing_filled')}</p>}
    </header>
  );
}

function SectionView({ section, sheet, say }: { section: SheetSection; sheet: FactSheet; say: Say }) {
  return (
    <section className={`fs-section fs-section-${section.kind}`} data-section={section.key}>
      <h2>
        <T>{section.title}</T>
      </h2>
      {section.kind === 'list' ? (
        <ListView section={section} sheet={sheet} say={say} />
      ) : (
        <DocumentView section={section} layout={sheet.layout} say={say} />
      )}
    </section>
  );
}

function DocumentView({ section, layout, say }: { section: DocumentSection; layout: FactSheet['layout']; say: Say }) {
  switch (layout) {
    case 'F':
      return <Points groups={section.groups} say={say} />;
    case 'R':
      return <RichText groups={section.groups} say={say} />;
    case 'G':
      return <GroupedCards groups={section.groups} say={say} />;
    case 'S':
      return <Summary groups={section.groups} />;
    default:
      return <Standard groups={section.groups} say={say} />;
  }
}

/**
 * A group's heading. The section's fields outside any declared group (key '') carry the section's
 * own title, already its heading just above: not said twice ("Main info" / "Main info").
 */
function GroupHeading({ group }: { group: SheetGroup }) {
  if (!group.key) return null;
  return (
    <h3>
      <T>{group.title}</T>
    </h3>
  );
}

/** Standard: each group a heading and a table of label and value, two facts to a line (long texts span it). */
function Standard({ groups, say }: { groups: SheetGroup[]; say: Say }) {
  return (
    <>
      {groups.map((g) => (
        <div className="fs-group" key={g.key || g.title}>
          <GroupHeading group={g} />
          <table className="fs-facts">
            <tbody>
              {factLines(g.fields).map((line) => (
                <tr key={line[0]!.key}>
                  {line.map((f) => (
                    <Fragment key={f.key}>
                      <th scope="row">
                        <T>{f.label}</T>
                      </th>
                      <td
                        className={
                          [f.kind === 'longtext' && 'fs-long', line.length === 1 && 'fs-whole']
                            .filter(Boolean)
                            .join(' ') || undefined
                        }
                        colSpan={line.length === 1 ? 3 : undefined}
                      >
                        <T>{f.value}</T>
                        <Marks field={f} say={say} />
                      </td>
                    </Fragment>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </>
  );
}

/** A field's marks (operator views): changed since an earlier sheet, overridden, changed by the hotel since. */
function Marks({ field, say }: { field: SheetField; say: Say }) {
  const shown = (v: string) => v || say('pdf.sheet.mark_empty');
  return (
    <>
      {field.changedFrom !== undefined && (
        <span className="fs-mark fs-mark-changed" data-mark="changed">
          {field.changedFrom ? say('pdf.sheet.mark_changed', { value: field.changedFrom }) : say('pdf.sheet.mark_new')}
        </span>
      )}
      {field.hotelValue !== undefined && (
        <span className="fs-mark fs-mark-overridden" data-mark="overridden">
          {say('pdf.sheet.mark_overridden', { value: shown(field.hotelValue) })}
        </span>
      )}
      {field.driftValue !== undefined && (
        <span className="fs-mark fs-mark-drift" data-mark="drift">
          {say('pdf.sheet.mark_drift', { value: shown(field.driftValue) })}
        </span>
      )}
    </>
  );
}

/** A fact as a point: what a hotel has reads as its name alone, everything else as "label: value". */
function point(f: SheetField): ReactNode {
  if (f.kind === 'flag' && f.on) return <T>{f.label}</T>;
  return (
    <>
      <span className="fs-label">
        <T>{f.label}</T>
      </span>
      : <T>{f.value}</T>
    </>
  );
}

function Points({ groups, say }: { groups: SheetGroup[]; say: Say }) {
  return (
    <>
      {groups.map((g) => (
        <div className="fs-group" key={g.key || g.title}>
          <GroupHeading group={g} />
          <ul className="fs-points">
            {g.fields.map((f) => (
              <li key={f.key} className={f.on === false ? 'fs-off' : undefined}>
                {point(f)}
                <Marks field={f} say={say} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

/** Rich text: each group a paragraph of sentences; `compact` (a list row's details): the group's name leads its paragraph. */
function RichText({ groups, say, compact = false }: { groups: SheetGroup[]; say: Say; compact?: boolean }) {
  return (
    <>
      {groups.map((g) => (
        <div className={compact ? 'fs-compact' : 'fs-group'} key={g.key || g.title}>
          {compact ? null : <GroupHeading group={g} />}
          <p className="fs-prose">
            {compact && (
              <strong className="fs-lead">
                <T>{g.title}</T>:{' '}
              </strong>
            )}
            {g.fields.map((f, i) => (
              <span key={f.key}>
                {i > 0 && ' '}
                <span className="fs-label">
                  <T>{f.label}</T>
                </span>
                : <T>{f.value}</T>.
                <Marks field={f} say={say} />
              </span>
            ))}
          </p>
        </div>
      ))}
    </>
  );
}

function GroupedCards({ groups, say }: { groups: SheetGroup[]; say: Say }) {
  return (
    <div className="fs-cards">
      {groups.map((g) => (
        <div className="fs-card" key={g.key || g.title}>
          <h3>
            <T>{g.title}</T>
          </h3>
          <dl>
            {g.fields.map((f) => (
              <div key={f.key} className="fs-pair">
                <dt>
                  <T>{f.label}</T>
                </dt>
                <dd>
                  <T>{f.value}</T>
                  <Marks field={f} say={say} />
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </div>
  );
}

/** Summarized: one line per group with what the hotel has and its choices; no "No" answers. */
function Summary({ groups }: { groups: SheetGroup[] }) {
  return (
    <dl className="fs-summary">
      {groups.map((g) => {
        const parts = g.fields
          .filter((f) => f.on !== false)
          .map((f) =>
            f.kind === 'flag' || (f.kind === 'row' && f.on) ? (
              <T key={f.key}>{f.label}</T>
            ) : (
              <Fragment key={f.key}>
                <T>{f.label}</T>: <T>{f.value}</T>
              </Fragment>
            ),
          );
        if (!parts.length) return null;
        return (
          <div key={g.key || g.title} className="fs-pair">
            <dt>
              <T>{g.title}</T>
            </dt>
            <dd>
              {parts.map((p, i) => (
                <Fragment key={i}>
                  {i > 0 && ' · '}
                  {p}
                </Fragment>
              ))}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function ListView({ section: all, sheet, say }: { section: ListSection; sheet: FactSheet; say: Say }) {
  const section = withFilledColumns(all);
  const withDetails = sheet.layout !== 'S' && section.rows.some((r) => r.details.length);
  return (
    <>
      <table className="fs-table">
        <thead>
          <tr>
            {section.columns.map((c) => (
              <th key={c.key} scope="col">
                <T>{c.label}</T>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {section.rows.map((r, i) => (
            <tr key={i} className={r.change ? `fs-row-${r.change}` : undefined} data-change={r.change}>
              {r.cells.map((c, j) => (
                <td key={section.columns[j]!.key}>
                  <T>{c}</T>
                  {j === 0 && r.change && (
                    <span className="fs-mark" data-mark={r.change}>
                      {say(
                        r.change === 'added'
                          ? 'pdf.sheet.mark_new'
                          : r.change === 'removed'
                            ? 'pdf.sheet.mark_removed'
                            : 'pdf.sheet.mark_row_changed',
                      )}
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {withDetails &&
        section.rows.map((r, i) =>
          r.details.length ? (
            <div className="fs-row-details" key={i}>
              <h3>
                <T>{r.title}</T>
              </h3>
              <RichText groups={r.details} say={say} compact />
            </div>
          ) : null,
        )}
    </>
  );
}

function PhotoPage({ sheet, say }: { sheet: FactSheet; say: Say }) {
  return (
    <section className="fs-photos">
      <h2>{say('pdf.sheet.photos')}</h2>
      <div className="fs-photo-grid">
        {sheet.photos.map((p, i) => (
          <figure key={i}>
            <img src={p.url} alt={p.caption ?? ''} />
            {p.caption && (
              <figcaption>
                <T>{p.caption}</T>
              </figcaption>
            )}
          </figure>
        ))}
      </div>
    </section>
  );
}
