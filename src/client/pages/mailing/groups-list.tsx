import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MailingListWire } from '../../../shared/generated/wire-types';
import { useT } from '../../i18n';

interface Props {
  groups: readonly MailingListWire[];
  selected: number | null;
  onSelect(id: number): void;
}

/** The account's mailing groups, each with its description and number of contacts. */
export function GroupsList({ groups, selected, onSelect }: Props) {
  const t = useT();
  return (
    <Paper variant="outlined">
      {groups.length === 0 ? (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {t('mailing.no_groups')}
        </Typography>
      ) : (
        <List aria-label={t('mailing.groups')} disablePadding>
          {groups.map((g) => (
            <ListItemButton key={g.id} selected={g.id === selected} onClick={() => onSelect(g.id!)}>
              <ListItemText
                primary={g.name}
                secondary={`${t('mailing.contacts_count', { count: g.contacts_count ?? 0 })}${g.description ? ` · ${g.description}` : ''}`}
                slotProps={{ secondary: { noWrap: true } }}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Paper>
  );
}
