import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * An antd button that is a real link (<a href>): crawlable and middle-clickable, while a plain
 * click navigates inside the app without reloading.
 */
export const ButtonLink = ({ to, onClick, ...props }: Omit<ButtonProps, 'href'> & { to: string }) => {
  const navigate = useNavigate();
  const handle = (event: MouseEvent<HTMLElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <Button {...props} href={to} onClick={handle} />;
};
