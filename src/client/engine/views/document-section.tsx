import { useCallback, useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { DocumentController } from '../data/document-controller';
import { useControllerState, useTopErrors } from '../form/hooks';
import { SectionForm } from '../form/section-form';
import { ConflictDialog } from './conflict-dialog';
import { SectionErrors } from './section-errors';
import { HistoryButton } from './history-dialog';
import { useT } from '../../i18n';
import { useSectionTitle } from '../texts/use-schema-texts';

/** A document section in its tab: loads the first time it is shown, then the engine's form. */
export function DocumentSection({ controller, heading }: { controller: DocumentController; heading: boolean }) {
  const state = useControllerState(controller);
  const top = useTopErrors(controller.store);
  useEffect(() => {
    void controller.load();
  }, [controller]);
  const onBlurField = useCallback((key: string) => controller.validateField(key), [controller]);
  const onChoose = useCallback((choice: 'reload' | 'keep') => void controller.resolveConflict(choice), [controller]);
  const onRestored = useCallback(() => void controller.reload(), [controller]);
  const t = useT();
  const title = useSectionTitle(controller.entry);
  return (
    <section aria-label={title} data-section={controller.entry.key}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: heading ? 1.5 : 0.5 }}>
        {heading ? (
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {title}
          </Typography>
        ) : (
          <Box sx={{ flex: 1 }} />
        )}
        <HistoryButton
          propertyId={controller.propertyId}
          section={controller.entry.key}
          title={title}
          canRestore={!controller.readOnly}
          onRestored={onRestored}
        />
      </Box>
      {state.phase !== 'ready' || !controller.def ? (
        <LinearProgress aria-label={t('engine.loading', { title })} />
      ) : (
        <>
          {state.loadFailed && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('engine.load_failed', { title })}
            </Alert>
          )}
          <SectionErrors messages={top} />
          <SectionForm
            def={controller.def}
            store={controller.store}
            readOnly={controller.readOnly}
            idPrefix={controller.entry.key}
            onBlurField={onBlurField}
          />
          <ConflictDialog title={title} conflict={state.conflict} onChoose={onChoose} />
        </>
      )}
    </section>
  );
}
