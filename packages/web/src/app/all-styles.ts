/** All of Mantine's component styles (layered, see main.tsx): loaded with the first lazy module. */
import '@mantine/core/styles.layer.css';
