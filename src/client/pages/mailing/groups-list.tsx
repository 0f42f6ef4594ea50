import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MailingListWire } from '../../../shared/generated/wire-types';

interface Props {
  groups: readonly MailingListWire[];
  selected: number | null;
  onSelect(id: number): void;
}

/** The account's mailing groups, each with its description and number of contacts. */
export function GroupsList({ groups, selected, onSelect }: Props) {
  return (
    <Paper variant="outlined">
      {groups.length === 0 ? (
        <Typography sx={{ p: 2 }} color="text.secondary">
          No mailing groups yet.
        </Typography>
      ) : (
        <List aria-label="Mailing groups" disablePadding>
          {groups.map((g) => (
            <ListItemButton key={g.id} selected={g.id === selected} onClick={() => onSelect(g.id!)}>
              <ListItemText
                primary={g.name}
                secondary={`${g.contacts_count ?? 0} ${g.contacts_count === 1 ? 'contact' : 'contacts'}${g.description ? ` · ${g.description}` : ''}`}
                slotProps={{ secondary: { noWrap: true } }}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Paper>
  );
}
