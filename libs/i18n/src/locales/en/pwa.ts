export default {
  offline: {
    title: "You're offline",
    text: 'Candor needs a connection to show prices and your account. Check your connection and try again.',
    retry: 'Try again',
  },
  update: {
    text: 'A new version of Candor is ready.',
    reload: 'Update now',
    later: 'Later',
  },
};
