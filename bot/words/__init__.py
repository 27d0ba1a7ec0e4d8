"""The words of the game in English, 简体中文 and 繁體中文, for every front-end (Discord,
the terminal, the web): nothing here knows Discord, the live tables or the store.

- :mod:`~bot.words.locales`: the language codes and the 繁體 conversion;
- :mod:`~bot.words.catalogue`: every sentence by key and :func:`~bot.words.catalogue.t`
  (its texts: :mod:`~bot.words.texts`, :mod:`~bot.words.history`,
  :mod:`~bot.words.review`);
- :mod:`~bot.words.names`: variants, play kinds and players by name;
- :mod:`~bot.words.cards`: cards and plays as players say them, the hint in words;
- :mod:`~bot.words.errors`: a refusal's code and params as a sentence;
- :mod:`~bot.words.reasons`, :mod:`~bot.words.rules`: the hint's reasons, the rules'
  summaries;
- :mod:`~bot.words.commands`: the slash commands' names and descriptions.
"""
