/** A label as a coloured chip; the text is black or white by the background (reference §8). */
import { Badge, CloseButton } from '@mantine/core';
import { colorWithHash, labelTextColor } from '@ordo/core';
import type { Label } from '../../api/labels';
import { removeButtonProps } from '../../ui/focus-off-removed';

export function LabelBadge({
  label,
  onRemove,
  removeLabel,
  size = 'md',
}: {
  label: Pick<Label, 'title' | 'hexColor'>;
  onRemove?: () => void;
  removeLabel?: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  const background = label.hexColor ? colorWithHash(label.hexColor) : undefined;
  return (
    <Badge
      size={size}
      radius="sm"
      tt="none"
      fw={600}
      variant={background ? 'filled' : 'light'}
      color={background ?? 'gray'}
      style={background ? { color: labelTextColor(background) } : undefined}
      rightSection={
        onRemove ? (
          <CloseButton
            size="xs"
            variant="transparent"
            aria-label={removeLabel}
            {...removeButtonProps(onRemove)}
            style={{ color: 'inherit' }}
          />
        ) : undefined
      }
      pr={onRemove ? 2 : undefined}
    >
      {label.title}
    </Badge>
  );
}
