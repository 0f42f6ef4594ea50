import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';

/** The flattened server messages of a failed save (spec 000 §5), as one alert. */
export function FormErrors({ messages }: { messages: readonly string[] }) {
  if (!messages.length) return null;
  return (
    <Alert severity="error" sx={{ my: 2 }} data-testid="form-errors">
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
