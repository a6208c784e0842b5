/** Mantine's date components' styles, with the days made readable (calendar-days.css). */
import '@mantine/dates/styles.css';
import './calendar-days.css';
