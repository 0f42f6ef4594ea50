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
import { useFormSave } from '../../components/use-form-save';
import { Isolate, useT } from '../../i18n';
import { confirmEnrolment } from './security-api';
import { keepFocus } from '../../components/keep-focus';

interface Props {
  enrolment: TwoFactorEnrolmentWire;
  onConfirmed(codes: string[]): void;
  onCancel(): void;
}

/** Scan the QR code (or type the key) in an authenticator app, then confirm with the code it shows. */
export function TwoFactorEnrol({ enrolment, onConfirmed, onCancel }: Props) {
  const t = useT();
  const def = useMemo(() => asSection(confirmForm, twoFactorConfirmNames), []);
  const [session] = useState(() => new FormSession(def, {}));
  const { save, saving } = useFormSave(session, {
    send: confirmEnrolment,
    shown: () => ({}),
    onSaved: (answer) => onConfirmed(answer.recovery_codes),
    done: t('security.two_factor_on'),
  });
  return (
    <Box data-testid="two-factor-enrol">
      <Typography sx={{ mb: 2 }}>{t('security.enrol_step_scan')}</Typography>
      <Box
        component="img"
        src={enrolment.qr_code}
        alt={t('security.qr_code_alt')}
        sx={{ width: 200, height: 200, display: 'block', mb: 2, bgcolor: 'common.white', p: 1 }}
      />
      <Typography variant="body2" color="text.secondary">
        {t('security.enrol_cannot_scan')}
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
        <Isolate>{enrolment.secret}</Isolate>
      </Typography>
      <Typography sx={{ mt: 2 }}>{t('security.enrol_step_confirm')}</Typography>
      <DefinitionForm session={session} idPrefix="two-factor-confirm" />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="contained" onClick={() => void save()} onMouseDown={keepFocus} disabled={saving}>
          {t(saving ? 'security.checking' : 'security.confirm_turn_on')}
        </Button>
        <Button onClick={onCancel}>{t('security.cancel')}</Button>
      </Box>
    </Box>
  );
}
