print("tuilist-demo 0.1.0")
