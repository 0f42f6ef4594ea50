import Chip from '@mui/material/Chip';

/** Whether a property's facts are live for its partners (and since when), or not yet published. */
export function PublishChip({ publishDate }: { publishDate: string | null | undefined }) {
  return publishDate ? (
    <Chip
      size="small"
      color="success"
      label="Live"
      title={`Published ${new Date(publishDate).toLocaleString()}`}
      data-testid="publish-state"
    />
  ) : (
    <Chip size="small" label="Unpublished" data-testid="publish-state" />
  );
}
