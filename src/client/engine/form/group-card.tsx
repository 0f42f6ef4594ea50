import { memo, useState, type FormEvent, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import type { FieldNode, GroupNode } from '../core/layout';
import { FieldBody, FieldSlot } from './field-slot';
import { useEngine } from './engine-context';
import { useVisible } from './hooks';
import { useT } from '../../i18n';

/** Twelve grid columns; a cell spans its field's share, the whole width on small screens. */
const Grid = styled('div')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'repeat(12, minmax(0, 1fr))',
  gap: theme.spacing(2),
  '& > .cell': { gridColumn: 'span var(--span)', minWidth: 0 },
  '& .pair': { display: 'flex', gap: theme.spacing(1), alignItems: 'flex-start', '& > *': { flex: 1, minWidth: 0 } },
  [theme.breakpoints.down('md')]: { '& > .cell': { gridColumn: 'span 12' } },
}));

/** A field's grid cell, there while the field is shown; a unit or a "to" shares it. */
const Cell = memo(function Cell({ node }: { node: FieldNode }) {
  const { store } = useEngine();
  const visible = useVisible(store, node.conditions);
  const t = useT();
  if (!visible) return null;
  const partner = node.unit ?? node.rangeEnd;
  // A unit's title ("Distance to the bus stop: unit") was cut in half a cell; the distance beside
  // it already says what it measures, so it shows "Unit" and keeps its title as its name.
  const partnerLabel = node.unit ? t('engine.unit') : undefined;
  return (
    <div className="cell" style={{ ['--span' as string]: node.span }} data-field={node.key}>
      {partner ? (
        <div className="pair">
          <FieldBody node={node} />
          <FieldSlot node={partner} label={partnerLabel} />
        </div>
      ) : (
        <FieldBody node={node} />
      )}
    </div>
  );
});

/**
 * Cards out of view are neither laid out nor painted (content-visibility), so a long tab costs
 * what its visible part costs, on first paint and on every keystroke.
 */
const FRAME = { p: 2, mb: 2, contentVisibility: 'auto', containIntrinsicSize: 'auto 320px' } as const;

/**
 * The card's form is never submitted (Enter in a lone text field would otherwise reload the
 * page). rjsf's Form around it stops a bubbling submit as well; the card does not rely on that.
 */
const keepOnPage = (event: FormEvent) => event.preventDefault();

/**
 * The frame of a group: a titled card, foldable when the schema says so. Its fields sit in a
 * form of their own because Chromium's autofill re-reads every control of the changed field's
 * form on each keystroke (every control outside a form when there is none): a card-sized form
 * keeps that to the card, not the whole tab (sports: 18 → 10 ms a keystroke in the bench probe).
 * An unnamed form is no landmark, so the card stays the named region it was.
 */
export function GroupFrame({ group, children }: { group: GroupNode; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const t = useT();
  const title = useGroupTitle(group);
  const titleId = `group-${group.key}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={FRAME} data-group={group.key}>
      <Typography
        variant="subtitle1"
        component="h3"
        id={titleId}
        sx={{ fontWeight: 600, mb: open ? 1.5 : 0, display: 'flex', alignItems: 'center' }}
      >
        <span style={{ flex: 1 }}>{title}</span>
        {group.collapsible && (
          <IconButton
            size="small"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-label={t(open ? 'engine.collapse_group' : 'engine.expand_group', { group: title })}
          >
            <span
              aria-hidden
              style={{ display: 'inline-block', transform: open ? 'rotate(180deg)' : 'none', lineHeight: 1 }}
            >
              ▾
            </span>
          </IconButton>
        )}
      </Typography>
      {group.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {group.description}
        </Typography>
      )}
      {open && (
        <form noValidate onSubmit={keepOnPage}>
          {children}
        </form>
      )}
    </Paper>
  );
}

/** A card's title: its group's, or "Other" for the fields no group names. */
export function useGroupTitle(group: GroupNode): string {
  const t = useT();
  return group.title || t('engine.group_other');
}

/** A group as a card of fields on the grid (template EngineGroupTemplate). */
export function GroupCard({ group }: { group: GroupNode }) {
  return (
    <GroupFrame group={group}>
      <Grid>
        {group.fields.map((node) => (
          <Cell key={node.key} node={node} />
        ))}
      </Grid>
    </GroupFrame>
  );
}
