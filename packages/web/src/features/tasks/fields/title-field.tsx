/** The title, edited in place: saved on Enter or when leaving the field; an empty title is refused. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from '../../../ui/growing-textarea';
import type { TaskEditor } from '../use-task-editor';
import classes from './title-field.module.css';

export function TitleField({ editor }: { editor: TaskEditor }) {
  const { t } = useTranslation();
  const saved = editor.task.title;
  const [value, setValue] = useState(saved);
  useEffect(() => setValue(saved), [saved]);

  function commit() {
    const title = value.trim();
    if (!title) {
      setValue(saved);
      return;
    }
    if (title !== saved) editor.save({ title });
  }

  return (
    <GrowingTextarea
      aria-label={t('tasks.fields.title')}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value.replace(/\n/g, ''))}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          event.currentTarget.blur();
        } else if (event.key === 'Escape') {
          setValue(saved);
        }
      }}
      readOnly={!editor.canWrite}
      variant="unstyled"
      classNames={{ input: classes.input }}
      styles={{
        input: { fontSize: 'var(--mantine-h2-font-size)', fontWeight: 650, lineHeight: 1.25, padding: 0 },
      }}
      style={{ flex: 1 }}
    />
  );
}
