import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessages } from '../../api/errors';
import { sections } from '../../../shared/generated/sections/index';
import { TABS } from '../facts/index';
import { useT } from '../../i18n';
import { copyProperty } from './many-api';

/**
 * A copy of a property being prepared: its name, the sections and lists chosen, photos or not,
 * each new source starting again from its name and every section; submit copies it and opens the
 * new property's editor.
 */
export function useCopyProperty(source: { id: number; hotel_name: string } | null) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const t = useT();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(sections.map((s) => s.key)));
  const [photos, setPhotos] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string[]>([]);
  const [opened, setOpened] = useState<number | null>(null);
  if (source && opened !== source.id) {
    // A new source: start from its name and every section.
    setOpened(source.id);
    setName(t('many.copy_default_name', { name: source.hotel_name }));
    setChosen(new Set(sections.map((s) => s.key)));
    setPhotos(false);
    setError([]);
  }
  const toggle = (key: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const submit = async () => {
    if (!source) return;
    setBusy(true);
    setError([]);
    try {
      const made = await copyProperty(source.id, { hotel_name: name.trim(), sections: [...chosen], photos });
      await client.invalidateQueries();
      navigate(`/property/${made.id}/${TABS[0]!.key}`);
    } catch (e) {
      setError(errorMessages(e));
      setBusy(false);
    }
  };
  return { name, setName, chosen, toggle, photos, setPhotos, busy, error, submit };
}
