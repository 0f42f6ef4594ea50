import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useAbilities } from '../../session/use-can';
import { SettingsFrame } from '../../components/settings-frame';
import { RemoveGroupDialog } from './remove-group-dialog';
import { ContactsTable } from './contacts-table';
import { GroupEditor } from './group-editor';
import { GroupsList } from './groups-list';
import { useMailingGroups } from './use-mailing';
import { useT } from '../../i18n';

/** /mailing-lists: mailing groups (the recipients of fact sheets, photos and charts) and their contacts. */
export function MailingPage() {
  const mailing = useMailingGroups();
  const { groups: data, failed: isError, selected, select, creating, setCreating, saved } = mailing;
  const canEdit = useAbilities()?.can('stop_sale_contact_list') ?? false;
  const t = useT();
  return (
    <SettingsFrame title={t('mailing.title')} intro={t('mailing.intro')}>
      {isError && <Alert severity="error">{t('mailing.groups_not_loaded')}</Alert>}
      {!data && !isError && <LinearProgress aria-label={t('mailing.loading_groups')} />}
      {data && (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '300px minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          <Box>
            <GroupsList
              groups={data}
              selected={selected?.id ?? null}
              onSelect={(id) => {
                setCreating(false);
                select(id);
              }}
            />
            {canEdit && !creating && (
              <Button
                sx={{ mt: 1 }}
                onClick={() => {
                  setCreating(true);
                  select(null);
                }}
              >
                {t('mailing.new_group')}
              </Button>
            )}
          </Box>
          <Paper variant="outlined" sx={{ p: 2 }}>
            {creating && <GroupEditor group={{}} canEdit onSaved={saved} onCancel={() => setCreating(false)} />}
            {!creating && !selected && <Typography color="text.secondary">{t('mailing.choose_group')}</Typography>}
            {!creating && selected && (
              <Box key={selected.id} aria-label={t('mailing.group_label', { name: selected.name })} component="section">
                <GroupEditor
                  group={selected}
                  canEdit={canEdit}
                  onSaved={saved}
                  onDelete={() => mailing.setDeleting(true)}
                />
                <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
                  {t('mailing.contacts')}
                </Typography>
                <ContactsTable group={selected.id!} canEdit={canEdit} />
              </Box>
            )}
          </Paper>
        </Box>
      )}
      <RemoveGroupDialog
        group={mailing.deleting ? selected : null}
        onClose={() => mailing.setDeleting(false)}
        onDeleted={mailing.deleted}
      />
    </SettingsFrame>
  );
}
