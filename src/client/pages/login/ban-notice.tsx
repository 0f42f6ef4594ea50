import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { RichText, useFormat, useT } from '../../i18n';

/** The blocked sign-in form's notice, counting down to the ban's end. */
export function BanNotice({ endsAt }: { endsAt: number }) {
  const fmt = useFormat();
  const t = useT();
  const [now, setNow] = useState(() => Date.now());
  const left = endsAt - now;
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  return (
    <Alert
      severity="warning"
      sx={{ my: 2 }}
      data-testid="login-ban"
      action={
        left <= 0 ? (
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{t('login.ban_title')}</AlertTitle>
      {left > 0 ? (
        <RichText
          k="login.ban_time_left"
          values={{
            time: fmt.timeLeft(left),
            strong: (chunks) => <strong data-testid="ban-time-left">{chunks}</strong>,
          }}
        />
      ) : (
        t('login.ban_over')
      )}
    </Alert>
  );
}
