import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { errorMessages } from '../../api/errors';
import { exportKeys, retrySend, useSends } from '../../api/exports';

/** A property's sends, and the retry of a send for the recipients it did not reach. */
export function useSendHistory(property: number) {
  const { data, isError } = useSends(property);
  const [retrying, setRetrying] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const retry = async (id: number) => {
    setRetrying(id);
    try {
      const answer = await retrySend(id);
      enqueueSnackbar(answer.detail, { variant: 'info' });
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    } finally {
      setRetrying(null);
      void queryClient.invalidateQueries({ queryKey: exportKeys.sends(property) });
    }
  };
  return { sends: data, failed: isError, retrying, retry };
}
