"""enCORE : Santé, Stress, réserve de d6, dangers et récupération, en Blockbuster et en Raw."""
