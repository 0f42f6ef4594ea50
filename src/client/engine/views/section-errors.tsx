import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';

/**
 * The flattened messages of a section (client checks or the server's 400), above its fields:
 * written in the language on screen where they were made (validate.ts, the server's Accept-Language).
 */
export function SectionErrors({
  messages,
  testId = 'section-errors',
}: {
  messages: readonly string[];
  testId?: string;
}) {
  if (!messages.length) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }} data-testid={testId}>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </Box>
    </Alert>
  );
}
