import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { formatTimeLeft } from '../../format/dates';

/** The blocked sign-in form's notice, counting down to the ban's end. */
export function BanNotice({ endsAt }: { endsAt: number }) {
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
            Reload
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>Too many failed sign-in attempts</AlertTitle>
      {left > 0 ? (
        <>
          Sign-in is blocked. Time left: <strong data-testid="ban-time-left">{formatTimeLeft(left)}</strong>
        </>
      ) : (
        'The block has ended. Reload the page to sign in again.'
      )}
    </Alert>
  );
}
