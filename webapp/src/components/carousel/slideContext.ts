import { createContext, useContext } from 'react';

/** Whether the slide around a component is in view (true outside carousels). */
export const SlideActiveContext = createContext(true);

/** Media inside a slide can stop when its slide leaves the view (e.g. a playing video). */
export const useSlideActive = (): boolean => useContext(SlideActiveContext);
