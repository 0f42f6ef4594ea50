import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessages } from '../../api/errors';
import { manyKeys, undoBulkEdit, useBatch } from './many-api';

/** A batch as its view shows it: the batch (asked again while it runs), and undo with its errors and busy state. */
export function useBatchView(id: number) {
  const client = useQueryClient();
  const { data, isError } = useBatch(id);
  const [error, setError] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const undo = async () => {
    setBusy(true);
    setError([]);
    try {
      client.setQueryData(manyKeys.batch(id), await undoBulkEdit(id));
      void client.invalidateQueries({ queryKey: manyKeys.batches });
    } catch (e) {
      setError(errorMessages(e));
    } finally {
      setBusy(false);
    }
  };
  return { batch: data, failed: isError, error, busy, undo };
}
