/**
 * The heading of a page that lists things the user can add to: the page title, and beside it
 * (below it on narrow screens) the button to the create form.
 */
import { Button, Group, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';

export function ListPageHeading({
  title,
  createLabel,
  createTo,
}: {
  title: string;
  createLabel: string;
  createTo: string;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {title}
      </Title>
      <Button component={Link} to={createTo} leftSection={<IconPlus size={16} />}>
        {createLabel}
      </Button>
    </Group>
  );
}
