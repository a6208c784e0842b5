/**
 * The events a webhook listens to, as checkboxes in columns, with one to pick or clear them all.
 * The names are shown as they are: they are what the target receives in `event_name`.
 */
import { Checkbox, Input, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function EventCheckboxes({
  events,
  value,
  onChange,
  error,
}: {
  events: string[];
  value: string[];
  onChange: (events: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const all = events.length > 0 && events.every((e) => value.includes(e));
  return (
    <Input.Wrapper
      label={t('webhooks.events')}
      description={t('webhooks.eventsHint')}
      error={error}
      withAsterisk
    >
      <Checkbox
        mt="xs"
        label={t('webhooks.allEvents')}
        checked={all}
        indeterminate={!all && value.length > 0}
        onChange={() => onChange(all ? [] : [...events])}
      />
      <Checkbox.Group value={value} onChange={onChange} aria-label={t('webhooks.events')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={6} mt="xs" mb={error ? 6 : 0}>
          {events.map((event) => (
            <Checkbox
              key={event}
              value={event}
              label={
                <Text span ff="monospace" size="sm">
                  {event}
                </Text>
              }
            />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </Input.Wrapper>
  );
}
