/** The kinds of custom field, each with its icon; their names are `customFields.kinds.<kind>`. */
import {
  type Icon,
  IconCalendar,
  IconCircleDot,
  IconHash,
  IconLetterCase,
  IconLink,
  IconListCheck,
  IconSquareCheck,
  IconUser,
} from '@tabler/icons-react';
import type { CustomFieldKind } from '../../api/custom-fields';

export const kindIcons: Record<CustomFieldKind, Icon> = {
  text: IconLetterCase,
  number: IconHash,
  date: IconCalendar,
  choice: IconCircleDot,
  choices: IconListCheck,
  checkbox: IconSquareCheck,
  url: IconLink,
  user: IconUser,
};
