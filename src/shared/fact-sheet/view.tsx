import type { ReactElement } from 'react';
import { withFilledColumns } from './arrange.js';
import type { DocumentSection, FactSheet, ListSection, SheetSection } from './model.js';
import type { Translator } from '../i18n/translator.js';
import { sheetText } from './words.js';
import { GroupedCards, Points, RichText, Standard, Summary } from './layouts.js';
import { T, type Say } from './sheet-text.js';

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
