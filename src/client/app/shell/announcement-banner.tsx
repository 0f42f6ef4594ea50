import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { queryKeys } from '../../api/query-keys';
import { useT } from '../../i18n';

const CLOSED_KEY = 'ananas.closedAnnouncement';

function closedId(): string | null {
  try {
    return window.localStorage.getItem(CLOSED_KEY);
  } catch {
    return null;
  }
}

/**
 * The app-wide announcement (spec 000 §2). Closing it hides this announcement for good on this
 * browser; a new announcement (another id or text) shows again.
 */
export function AnnouncementBanner() {
  const { data } = useQuery({
    queryKey: queryKeys.announcement,
    queryFn: () => unwrap(api.GET('/api/announce-app/')),
    staleTime: 10 * 60_000,
  });
  const [closed, setClosed] = useState(closedId);
  const t = useT();
  if (!data?.message) return null;
  const id = `${data.id ?? ''}:${data.message}`;
  if (closed === id) return null;
  const close = () => {
    try {
      window.localStorage.setItem(CLOSED_KEY, id);
    } catch {
      // Hidden for this visit only.
    }
    setClosed(id);
  };
  return (
    <Alert
      severity="info"
      square
      role="status"
      data-testid="announcement"
      action={
        <Button color="inherit" size="small" onClick={close}>
          {t('common.close')}
        </Button>
      }
    >
      {data.message}
    </Alert>
  );
}
