import { Flex, IconButton, Text } from '@radix-ui/themes';
import { Toast } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { CheckCircledIcon } from '@/components/icons/check-circled';
import { Cross2Icon } from '@/components/icons/cross-2';
import { CrossCircledIcon } from '@/components/icons/cross-circled';
import { InfoCircledIcon } from '@/components/icons/info-circled';
import { dismissToast, getToasts, subscribeToasts, type ToastKind } from '@/lib/toast';
import './toaster.css';

const icons: Record<ToastKind, typeof InfoCircledIcon> = {
  error: CrossCircledIcon,
  success: CheckCircledIcon,
  info: InfoCircledIcon,
};

const colors = { error: 'red', success: 'green', info: 'blue' } as const;

/** Shows the toasts of lib/toast; mounted once inside the theme. */
export function Toaster() {
  const items = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <Toast.Provider swipeDirection="right" label="Notification">
      {items.map((item) => {
        const Icon = icons[item.kind];
        return (
          <Toast.Root
            key={item.id}
            className="toast-root"
            data-kind={item.kind}
            duration={item.duration}
            type={item.kind === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) dismissToast(item.id);
            }}
          >
            <Text color={colors[item.kind]} style={{ paddingTop: 2 }}>
              <Icon width={18} height={18} aria-hidden />
            </Text>
            <Flex direction="column" gap="1">
              <Toast.Title asChild>
                <Text size="2" weight="medium">
                  {item.title}
                </Text>
              </Toast.Title>
              {item.description ? (
                <Toast.Description asChild>
                  <Text size="2" color="gray">
                    {item.description}
                  </Text>
                </Toast.Description>
              ) : null}
            </Flex>
            <Toast.Close asChild>
              <IconButton size="1" variant="ghost" color="gray" aria-label="Close notification">
                <Cross2Icon />
              </IconButton>
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  );
}
