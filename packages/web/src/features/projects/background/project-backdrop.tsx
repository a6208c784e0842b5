/**
 * The background of the project on screen: its blur hash painted at once, the image fading in
 * over it when loaded. Pages that are not a project's (home, teams, labels, settings …) show none,
 * so leaving a project clears it.
 */
import { useState } from 'react';
import { useLocation } from 'react-router';
import type { Project } from '../../../api/projects';
import { backdropOf } from '../../../app/backdrop-state';
import { useProject } from '../use-projects';
import classes from './project-backdrop.module.css';
import { hasBackground, useBackgroundImage } from './use-background-image';

/** The project whose page (or a modal over it) is shown, when it has a background. */
export function useBackdropProject(): Project | undefined {
  const location = useLocation();
  const pathname = (backdropOf(location) ?? location).pathname;
  const id = /^\/projects\/(\d+)(\/|$)/.exec(pathname)?.[1];
  const { project } = useProject(id === undefined ? Number.NaN : Number(id));
  return hasBackground(project) ? project : undefined;
}

export const backdropSurfaceClass = classes.surface;

function FadingImage({ src }: { src: string }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <img
      className={classes.image}
      src={src}
      alt=""
      data-loaded={loaded}
      onLoad={() => setLoaded(true)}
      onError={() => console.error('The project background image could not be shown.')}
    />
  );
}

export function ProjectBackdrop({ project }: { project: Project }) {
  const { blur, image } = useBackgroundImage(project);
  return (
    <div
      className={classes.backdrop}
      data-testid="project-background"
      data-project-id={project.id}
      aria-hidden
      style={blur ? { backgroundImage: `url(${blur})` } : undefined}
    >
      {image && <FadingImage key={image} src={image} />}
    </div>
  );
}
