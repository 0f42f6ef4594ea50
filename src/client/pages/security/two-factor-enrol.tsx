import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { asSection } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import confirmForm from '../../../shared/generated/forms/two-factor-confirm';
import { twoFactorConfirmNames } from '../../../shared/generated/name-maps';
import type { TwoFactorEnrolmentWire } from '../../../shared/generated/wire-types';
import { useFormSave } from '../settings/use-form-save';
import { confirmEnrolment } from './security-api';
import { keepFocus } from '../settings/keep-focus';

interface Props {
  enrolment: TwoFactorEnrolmentWire;
  onConfirmed(codes: string[]): void;
  onCancel(): void;
}

/** Scan the QR code (or type the key) in an authenticator app, then confirm with the code it shows. */
export function TwoFactorEnrol({ enrolment, onConfirmed, onCancel }: Props) {
  const def = useMemo(() => asSection(confirmForm, twoFactorConfirmNames), []);
  const [session] = useState(() => new FormSession(def, {}));
  const { save, saving } = useFormSave(session, {
    send: confirmEnrolment,
    shown: () => ({}),
    onSaved: (answer) => onConfirmed(answer.recovery_codes),
    done: 'Two-factor sign-in is on.',
  });
  return (
    <Box data-testid="two-factor-enrol">
      <Typography sx={{ mb: 2 }}>
        1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).
      </Typography>
      <Box
        component="img"
        src={enrolment.qr_code}
        alt="QR code for your authenticator app"
        sx={{ width: 200, height: 200, display: 'block', mb: 2, bgcolor: 'common.white', p: 1 }}
      />
      <Typography variant="body2" color="text.secondary">
        Cannot scan? Type this key into the app instead:
      </Typography>
      <Typography
        component="code"
        data-testid="two-factor-secret"
        sx={{
          display: 'inline-block',
          fontFamily: 'monospace',
          fontSize: '1.05rem',
          letterSpacing: 1,
          my: 1,
          wordBreak: 'break-all',
        }}
      >
        {enrolment.secret}
      </Typography>
      <Typography sx={{ mt: 2 }}>2. Enter the 6-digit code the app shows to confirm.</Typography>
      <DefinitionForm session={session} idPrefix="two-factor-confirm" />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="contained" onClick={() => void save()} onMouseDown={keepFocus} disabled={saving}>
          {saving ? 'Checking…' : 'Confirm and turn on'}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Box>
    </Box>
  );
}
