import { Fragment, type ReactNode } from 'react';
import { factLines } from './arrange.js';
import type { SheetField, SheetGroup } from './model.js';
import { T, type Say } from './sheet-text.js';

/** A document section's facts in each of the five layouts (preferences pdf_layout). */

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
export function Standard({ groups, say }: { groups: SheetGroup[]; say: Say }) {
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

export function Points({ groups, say }: { groups: SheetGroup[]; say: Say }) {
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
export function RichText({ groups, say, compact = false }: { groups: SheetGroup[]; say: Say; compact?: boolean }) {
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

export function GroupedCards({ groups, say }: { groups: SheetGroup[]; say: Say }) {
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
export function Summary({ groups }: { groups: SheetGroup[] }) {
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
