import { Fragment, type ReactElement, type ReactNode } from 'react';
import type { DocumentSection, FactSheet, ListSection, SheetField, SheetGroup, SheetSection } from './model.js';
import { text } from './ui-text.js';

type Language = FactSheet['language'];

/**
 * The fact sheet as plain HTML (no MUI, no scripts, class names `fs-*` styled by FACT_SHEET_CSS):
 * printed to PDF on the server and shown as is by the client. Five layouts of the same model
 * (preferences pdf_layout): '' Standard, F Fact points, R Rich text, G Grouped facts, S Summarized.
 * React escapes every text, so hotel-entered text can never become markup.
 */
export function FactSheetView({ sheet }: { sheet: FactSheet }): ReactElement {
  return (
    <article className={`fs fs-layout-${layoutName(sheet.layout)}`} dir={sheet.dir} lang={sheet.language}>
      <Cover sheet={sheet} />
      {sheet.sections.map((s) => (
        <SectionView key={s.key} section={s} sheet={sheet} />
      ))}
      {sheet.photos.length > 0 && <PhotoPage sheet={sheet} />}
      <footer className="fs-notes">
        {sheet.notes.map((n) => (
          <p key={n}>{n}</p>
        ))}
      </footer>
    </article>
  );
}

export function layoutName(layout: FactSheet['layout']): string {
  return { '': 'standard', F: 'points', R: 'rich', G: 'grouped', S: 'summary' }[layout];
}

function Cover({ sheet }: { sheet: FactSheet }) {
  return (
    <header className="fs-cover">
      <div className="fs-heading">
        {sheet.property.logo && <img className="fs-logo fs-property-logo" src={sheet.property.logo.url} alt={sheet.property.logo.caption ?? ''} />}
        <div className="fs-title">
          <p className="fs-kicker">{sheet.title}</p>
          <h1 className="fs-name">{sheet.property.name}</h1>
          {sheet.property.place && <p className="fs-place">{sheet.property.place}</p>}
        </div>
        {sheet.logo && <img className="fs-logo" src={sheet.logo.url} alt={sheet.logo.caption ?? ''} />}
      </div>
      {sheet.featured && (
        <figure className="fs-featured">
          <img src={sheet.featured.url} alt={sheet.featured.caption ?? ''} />
          {sheet.featured.caption && <figcaption>{sheet.featured.caption}</figcaption>}
        </figure>
      )}
      {!sheet.sections.length && <p className="fs-empty">{text('nothingFilled', sheet.language)}</p>}
    </header>
  );
}

function SectionView({ section, sheet }: { section: SheetSection; sheet: FactSheet }) {
  return (
    <section className={`fs-section fs-section-${section.kind}`} data-section={section.key}>
      <h2>{section.title}</h2>
      {section.kind === 'list' ? <ListView section={section} sheet={sheet} /> : <DocumentView section={section} layout={sheet.layout} language={sheet.language} />}
    </section>
  );
}

function DocumentView({ section, layout, language }: { section: DocumentSection; layout: FactSheet['layout']; language: Language }) {
  switch (layout) {
    case 'F':
      return <Points groups={section.groups} language={language} />;
    case 'R':
      return <RichText groups={section.groups} language={language} />;
    case 'G':
      return <GroupedCards groups={section.groups} language={language} />;
    case 'S':
      return <Summary groups={section.groups} />;
    default:
      return <Standard groups={section.groups} language={language} />;
  }
}

/** Standard: each group a heading and a table of label and value, two facts to a line (long texts span it). */
function Standard({ groups, language }: { groups: SheetGroup[]; language: Language }) {
  return (
    <>
      {groups.map((g) => (
        <div className="fs-group" key={g.key || g.title}>
          <h3>{g.title}</h3>
          <table className="fs-facts">
            <tbody>
              {lines(g.fields).map((line) => (
                <tr key={line[0]!.key}>
                  {line.map((f) => (
                    <Fragment key={f.key}>
                      <th scope="row">{f.label}</th>
                      <td className={f.kind === 'longtext' ? 'fs-long' : undefined} colSpan={line.length === 1 ? 3 : undefined}>
                        {f.value}
                        <Marks field={f} language={language} />
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
function Marks({ field, language }: { field: SheetField; language: FactSheet['language'] }) {
  const shown = (v: string) => v || text('markEmpty', language);
  return (
    <>
      {field.changedFrom !== undefined && (
        <span className="fs-mark fs-mark-changed" data-mark="changed">
          {field.changedFrom ? text('markChanged', language, { value: field.changedFrom }) : text('markNew', language)}
        </span>
      )}
      {field.hotelValue !== undefined && (
        <span className="fs-mark fs-mark-overridden" data-mark="overridden">
          {text('markOverridden', language, { value: shown(field.hotelValue) })}
        </span>
      )}
      {field.driftValue !== undefined && (
        <span className="fs-mark fs-mark-drift" data-mark="drift">
          {text('markDrift', language, { value: shown(field.driftValue) })}
        </span>
      )}
    </>
  );
}

/** Facts two to a line; a long text, or a fact with no partner, has its line to itself. */
function lines(fields: SheetField[]): SheetField[][] {
  const out: SheetField[][] = [];
  let open: SheetField[] | undefined;
  for (const f of fields) {
    const wide = f.kind === 'longtext' || f.value.length > 60;
    if (wide) {
      out.push([f]);
      continue;
    }
    if (open && open.length === 1) {
      open.push(f);
      open = undefined;
    } else {
      open = [f];
      out.push(open);
    }
  }
  return out;
}

/** A fact as a point: what a hotel has reads as its name alone, everything else as "label: value". */
function point(f: SheetField): ReactNode {
  if (f.kind === 'flag' && f.on) return f.label;
  return (
    <>
      <span className="fs-label">{f.label}</span>: {f.value}
    </>
  );
}

function Points({ groups, language }: { groups: SheetGroup[]; language: Language }) {
  return (
    <>
      {groups.map((g) => (
        <div className="fs-group" key={g.key || g.title}>
          <h3>{g.title}</h3>
          <ul className="fs-points">
            {g.fields.map((f) => (
              <li key={f.key} className={f.on === false ? 'fs-off' : undefined}>
                {point(f)}
                <Marks field={f} language={language} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

/** Rich text: each group a paragraph of sentences; `compact` (a list row's details): the group's name leads its paragraph. */
function RichText({ groups, language, compact = false }: { groups: SheetGroup[]; language: Language; compact?: boolean }) {
  return (
    <>
      {groups.map((g) => (
        <div className={compact ? 'fs-compact' : 'fs-group'} key={g.key || g.title}>
          {compact ? null : <h3>{g.title}</h3>}
          <p className="fs-prose">
            {compact && <strong className="fs-lead">{g.title}: </strong>}
            {g.fields.map((f, i) => (
              <span key={f.key}>
                {i > 0 && ' '}
                <span className="fs-label">{f.label}</span>: {f.value}.
                <Marks field={f} language={language} />
              </span>
            ))}
          </p>
        </div>
      ))}
    </>
  );
}

function GroupedCards({ groups, language }: { groups: SheetGroup[]; language: Language }) {
  return (
    <div className="fs-cards">
      {groups.map((g) => (
        <div className="fs-card" key={g.key || g.title}>
          <h3>{g.title}</h3>
          <dl>
            {g.fields.map((f) => (
              <div key={f.key} className="fs-pair">
                <dt>{f.label}</dt>
                <dd>
                  {f.value}
                  <Marks field={f} language={language} />
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
        const parts = g.fields.filter((f) => f.on !== false).map((f) => (f.kind === 'flag' ? f.label : f.kind === 'row' && f.on ? f.label : `${f.label}: ${f.value}`));
        if (!parts.length) return null;
        return (
          <div key={g.key || g.title} className="fs-pair">
            <dt>{g.title}</dt>
            <dd>{parts.join(' · ')}</dd>
          </div>
        );
      })}
    </dl>
  );
}

function ListView({ section, sheet }: { section: ListSection; sheet: FactSheet }) {
  const withDetails = sheet.layout !== 'S' && section.rows.some((r) => r.details.length);
  return (
    <>
      <table className="fs-table">
        <thead>
          <tr>
            {section.columns.map((c) => (
              <th key={c.key} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {section.rows.map((r, i) => (
            <tr key={i} className={r.change ? `fs-row-${r.change}` : undefined} data-change={r.change}>
              {r.cells.map((c, j) => (
                <td key={section.columns[j]!.key}>
                  {c}
                  {j === 0 && r.change && <span className="fs-mark" data-mark={r.change}>{text(r.change === 'added' ? 'markNew' : r.change === 'removed' ? 'markRemoved' : 'markRowChanged', sheet.language)}</span>}
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
              <h3>{r.title}</h3>
              <RichText groups={r.details} language={sheet.language} compact />
            </div>
          ) : null,
        )}
    </>
  );
}

function PhotoPage({ sheet }: { sheet: FactSheet }) {
  return (
    <section className="fs-photos">
      <h2>{text('photos', sheet.language)}</h2>
      <div className="fs-photo-grid">
        {sheet.photos.map((p, i) => (
          <figure key={i}>
            <img src={p.url} alt={p.caption ?? ''} />
            {p.caption && <figcaption>{p.caption}</figcaption>}
          </figure>
        ))}
      </div>
    </section>
  );
}
